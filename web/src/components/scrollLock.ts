let locks = 0;
let savedY = 0;

// freezeScroll stops the page from scrolling under a popup and returns the
// function that restores it, to the same position, when the last popup
// closes (spec §2).
export function freezeScroll(): () => void {
  if (locks === 0) {
    savedY = window.scrollY;
    const body = document.body.style;
    body.position = 'fixed';
    body.top = `-${savedY}px`;
    body.left = '0';
    body.right = '0';
    body.overflow = 'hidden';
  }
  locks++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks--;
    if (locks > 0) return;
    const body = document.body.style;
    body.position = '';
    body.top = '';
    body.left = '';
    body.right = '';
    body.overflow = '';
    window.scrollTo({ top: savedY, behavior: 'instant' });
  };
}
