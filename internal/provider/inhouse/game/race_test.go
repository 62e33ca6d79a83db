//go:build race

package game

// raceEnabled lets the slowest brute-force test step aside under -race,
// where it would take minutes without checking anything about concurrency.
const raceEnabled = true
