// Placeholder so the router's lazy import resolves while the real screen is being written.
export default function CheckoutPage() {
  return (
    <main className="container">
      <h1 className="page-title">Checkout</h1>
    </main>
  );
}
