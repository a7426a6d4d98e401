// Placeholder so the router's lazy import resolves while the real screen is being written.
export default function AddressManagementPage() {
  return (
    <main className="container">
      <h1 className="page-title">Manage Addresses</h1>
    </main>
  );
}
