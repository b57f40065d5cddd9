//go:build !unix

package main

// openFileLimit is 0 (unknown) outside Unix.
func openFileLimit() int { return 0 }
