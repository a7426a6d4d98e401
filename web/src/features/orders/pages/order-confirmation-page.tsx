// Placeholder so the router's lazy import resolves while the real screen is being written.
export default function OrderConfirmationPage() {
  return (
    <main className="container">
      <h1 className="page-title">Order Confirmation</h1>
    </main>
  );
}
