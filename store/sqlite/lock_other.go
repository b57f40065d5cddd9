//go:build !unix

package sqlite

import "os"

// lockFile creates path and holds it open. Outside Unix there is no
// flock(2) here: a second process on the same file is not refused.
func lockFile(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
}
