// Package game is the game math of the portal's own casino games (provider
// code PGE): the provably-fair random stream every round draws from, the
// "Portal Fortune Reels" video slot, dice and crash.
//
// It is pure computation on purpose: no I/O, no clock, no global random
// source. A round is a function of (server seed, client seed, nonce, bet), so
// anyone holding the revealed seeds can replay it and get the same result;
// that replay is the fairness check (docs/inhouse-games.md walks a player
// through it). Money is int64 minor units and every win is floored to a whole
// minor unit; floats appear only in probability math and display fields.
package game
