package store

import "fmt"

// MaxMessageIDLen is the longest message id SetBoardMessage takes, in
// bytes (Discord's and Telegram's ids are decimal numbers of at most 20
// digits).
const MaxMessageIDLen = 64

// CheckMessageID returns an error for a message id SetBoardMessage refuses
// without asking the database: empty, or longer than MaxMessageIDLen
// bytes.
func CheckMessageID(id string) error {
	if id == "" || len(id) > MaxMessageIDLen {
		return fmt.Errorf("store: board message: an id of %d bytes, not 1 to %d", len(id), MaxMessageIDLen)
	}
	return nil
}
