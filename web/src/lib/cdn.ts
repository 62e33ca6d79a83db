// Images and game launches come from one of the merchant's CDNs each,
// chosen at random once per page load (spec §3, §7; A-051).
let imageBase = '';
let launchBase = '';

const httpsOrigin = /^https:\/\/[^/?#]+$/i;

function pick(list: string[], ok: (u: string) => boolean, random: () => number): string {
  const usable = list.map((u) => u.replace(/\/+$/, '')).filter((u) => u === '' || ok(u));
  return usable.length ? usable[Math.floor(random() * usable.length)] : '';
}

// chooseImageCDN picks the image host; an empty entry means this server.
export function chooseImageCDN(list: string[], random: () => number = Math.random): void {
  imageBase = pick(list, (u) => httpsOrigin.test(u), random);
}

// imageUrl puts a server path on the chosen CDN; absolute URLs pass through.
export function imageUrl(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? imageBase + path : path;
}

// chooseLaunchCDN picks the host games are framed from: one of the
// merchant's https launch hosts, which serve the game pages of this portal
// under the same paths. A page not itself served over https is not on the
// merchant's public domains (a developer's machine, the browser tests), so
// it frames games from its own origin.
export function chooseLaunchCDN(list: string[], pageProtocol: string = window.location.protocol, random: () => number = Math.random): void {
  launchBase = pageProtocol === 'https:' ? pick(list, (u) => httpsOrigin.test(u), random) : '';
}

// launchUrl puts a game page's server path on the chosen launch host.
export function launchUrl(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? launchBase + path : path;
}

// launchOrigin is the origin games are framed from, whose messages (the
// balance moved) the page listens to.
export function launchOrigin(pageOrigin: string = window.location.origin): string {
  return launchBase || pageOrigin;
}
