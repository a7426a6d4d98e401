// Placeholder so the router's lazy import resolves while the real screen is being written.
export default function ProfilePage() {
  return (
    <main className="container">
      <h1 className="page-title">Profile</h1>
    </main>
  );
}
