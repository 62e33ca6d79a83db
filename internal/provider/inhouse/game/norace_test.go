//go:build !race

package game

// raceEnabled is false in ordinary test builds; see race_test.go.
const raceEnabled = false
