import { describe, expect, it } from 'vitest';
import { guard, navTarget, ruleFor, viewKey } from './layout';

describe('route rules (spec §2)', () => {
  it.each(['/', '/index', '/index.html', '/home', '/login', '/register', '/help'])('%s shows the home lobby', (p) => {
    expect(ruleFor(p).page).toBe('home');
  });

  it('opens the right popups', () => {
    expect(ruleFor('/login')).toMatchObject({ popup: 'login', redirect: '/' });
    expect(ruleFor('/register').popup).toBe('register');
    expect(ruleFor('/help').popup).toBe('helpCenter');
  });

  it.each(['/sports', '/esports', '/lott', '/elott'])('%s is the game centre', (p) => expect(ruleFor(p).page).toBe('gameCentre'));
  it.each(['/live', '/fish', '/rng', '/pvp', '/provider'])('%s is the game list centre', (p) => expect(ruleFor(p).page).toBe('gameLobby'));

  it.each(['/lottery', '/seaLottery', '/vnLottery', '/seamless'])('%s is a game page without footer or side menu', (p) => {
    expect(ruleFor(p)).toMatchObject({ footer: false, sideMenu: false, gamePage: true, header: true });
  });

  it.each(['/agent', '/agentHome'])('%s shows the agent layout only', (p) => {
    expect(ruleFor(p)).toMatchObject({ page: 'agent', header: false, footer: false, sideMenu: false });
  });

  it.each(['/play/pge/slot', '/play/pge/dice', '/play/pge/crash', '/play/pge/verify'])('%s is an in-house page of its own, for the game frame', (p) => {
    expect(ruleFor(p)).toMatchObject({ header: false, footer: false, sideMenu: false, auth: false, gameFrame: true });
  });

  it('frames every other route', () => {
    expect(ruleFor('/promotions')).toMatchObject({ header: true, footer: true, sideMenu: true });
    expect(ruleFor('/no/such')).toMatchObject({ page: 'notFound', header: true, footer: true, sideMenu: true });
  });

  it('uses the full path as view key outside the table', () => {
    expect(viewKey('/rng')).toBe('gameLobby');
    expect(viewKey('/blog/42')).toBe('/blog/42');
  });

  it.each([
    ['/member', false, '/login'],
    ['/member', true, null],
    ['/lottery', false, '/login'],
    ['/favorite', false, '/login'],
    ['/agentHome', false, '/login'],
    ['/agent', false, null],
    ['/', false, null],
    ['/rng', false, null],
  ])('guard(%s, logged in %s) = %s', (p, loggedIn, want) => expect(guard(p, loggedIn)).toBe(want));

  it.each([
    ['HOME', 0, 'route'],
    ['PROMO', 0, 'route'],
    ['PVP', 1, 'route'],
    ['FISH', 1, 'route'],
    ['RNG', 1, 'route'],
    ['LIVE', 3, 'route'],
    ['SPORTS', 1, 'launch'],
    ['COCKFIGHT', 1, 'launch'],
  ])('clicking %s with %i vendors: %s', (type, n, want) => expect(navTarget(type, n)).toBe(want));
});
