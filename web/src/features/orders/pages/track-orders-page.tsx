// Placeholder so the router's lazy import resolves while the real screen is being written.
export default function TrackOrdersPage() {
  return (
    <main className="container">
      <h1 className="page-title">Track Orders</h1>
    </main>
  );
}
