/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Projets</h1>
    </section>
  );
}
