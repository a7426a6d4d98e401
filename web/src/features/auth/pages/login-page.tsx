// Placeholder so the router's lazy import resolves while the real screen is being written.
export default function LoginPage() {
  return (
    <main className="container">
      <h1 className="page-title">Login</h1>
    </main>
  );
}
