/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Auth diagnostic</h1>
    </section>
  );
}
