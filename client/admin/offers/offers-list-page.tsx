/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Offres</h1>
    </section>
  );
}
