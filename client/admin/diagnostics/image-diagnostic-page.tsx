/** Placeholder: its owner replaces this page. */
export function Component() {
  return (
    <section>
      <h1>Diagnostic et test d'images</h1>
    </section>
  );
}
