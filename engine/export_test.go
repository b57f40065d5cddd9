package engine

// LowerRelayLapBound sets the bound on a relay move's laps (maxRelayLaps)
// for a test and returns the function that restores it. The fuzz targets of
// the relay games use it so that every input costs little: a move that
// relays past the bound counts as never-ending, which is a path they check
// too.
func LowerRelayLapBound(n int) (restore func()) {
	saved := maxRelayLaps
	maxRelayLaps = n
	return func() { maxRelayLaps = saved }
}
