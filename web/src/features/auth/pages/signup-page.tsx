// Placeholder so the router's lazy import resolves while the real screen is being written.
export default function SignupPage() {
  return (
    <main className="container">
      <h1 className="page-title">Sign Up</h1>
    </main>
  );
}
