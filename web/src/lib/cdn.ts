// Images come from one of the merchant's image CDNs, chosen at random once
// per page load (spec §3, A-051); an empty entry means this server.
let imageBase = '';

export function chooseImageCDN(list: string[], random: () => number = Math.random): void {
  const usable = list.filter((u) => u === '' || /^https:\/\/[^/]+/i.test(u));
  imageBase = usable.length ? usable[Math.floor(random() * usable.length)].replace(/\/+$/, '') : '';
}

// imageUrl puts a server path on the chosen CDN; absolute URLs pass through.
export function imageUrl(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? imageBase + path : path;
}
