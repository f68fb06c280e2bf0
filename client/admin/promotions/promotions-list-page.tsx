/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Promotions</h1>
    </section>
  );
}
