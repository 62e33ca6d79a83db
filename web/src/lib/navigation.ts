// navigateTo lets code outside React components (the launch rules) change
// the route. The app registers the router's navigate at start; before that
// (or in tests) a plain page load does the same job.
let navigator: ((to: string) => void) | null = null;

export function setNavigator(fn: ((to: string) => void) | null): void {
  navigator = fn;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}
