import DOMPurify from 'dompurify';

// SafeHtml shows operator-written HTML (notices, help articles). The server
// sanitizes it already; sanitizing again here means one mistake on either
// side is not enough for script to run.
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />;
}
