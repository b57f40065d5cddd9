//go:build unix

package sqlite

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// lockFile creates (if needed) and locks path exclusively with flock(2),
// without waiting. The lock belongs to the open file description: a second
// lockFile of the same path fails, in another process or in this one, and
// the lock goes when the file is closed or the process ends (even by
// SIGKILL), so a crash never leaves a stale lock. The file stays on disk
// (removing it would race with the next process locking it). Errors:
// ErrLocked when someone holds the lock.
func lockFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	if err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w (it holds %s)", ErrLocked, path)
		}
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return f, nil
}
