/**
 * A file's size in French units ('850 o', '13 Ko', '2,4 Mo'), for every page, public or
 * back office: French pages never show 'KB' or 'MB' (the product rules' own limit messages
 * excepted, which quote "10MB" word for word).
 */
const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} Mo`;
}
