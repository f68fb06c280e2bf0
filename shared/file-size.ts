/** An attachment's size in French units ('850 octets', '12 Ko', '2,4 Mo'). */
const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} octet${bytes > 1 ? 's' : ''}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} Mo`;
}
