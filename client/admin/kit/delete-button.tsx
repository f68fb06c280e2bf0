/**
 * The one 'Supprimer' of a row or an item (lists, the messages inbox, site updates): a quiet
 * red text button, not a filled one, so the list reads as its content and its 'Modifier'
 * rather than as a column of alarms; it only asks (useDelete's confirmation dialog, where
 * the filled red button lives). `what` names the item for screen readers ('Supprimer
 * Ciment', 'Supprimer le message de Awa Dossou'); the visible text stays 'Supprimer'.
 */
export function DeleteButton({ what, onClick }: { what: string; onClick: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-small btn-delete"
      onClick={onClick}
      aria-label={`Supprimer ${what}`}
    >
      Supprimer
    </button>
  );
}
