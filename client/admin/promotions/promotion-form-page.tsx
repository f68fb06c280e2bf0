/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Promotion</h1>
    </section>
  );
}
