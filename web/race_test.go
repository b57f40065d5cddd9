//go:build race

package web

// raceEnabled: the race detector makes drawing 10 to 20 times slower, so
// the tests draw a sample of the plies under it.
const raceEnabled = true
