package store

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"time"
)

// A game's page id (Game.PageID) names its public page in links: 16 bytes
// from crypto/rand written in unpadded base64url, 22 characters
// ([A-Za-z0-9_-]). It is random, so that a game in a private chat cannot be
// found by trying ids, and never sequential. The backends store it in
// games.page_id, unique; CreateGame sets it, and Open gives one to every
// game stored without (those created before page ids existed).

// PageIDLen is the length of a page id.
const PageIDLen = 22

// pageIDBytes is how many random bytes a page id holds.
const pageIDBytes = 16

// pageIDEncoding reads and writes page ids: base64url without padding, and
// strict, so that each 16 bytes have one spelling only (the last
// character's unused bits are zero).
var pageIDEncoding = base64.RawURLEncoding.Strict()

// NewPageID returns a new random page id (16 bytes from crypto/rand, 22
// characters of base64url).
func NewPageID() string {
	var b [pageIDBytes]byte
	rand.Read(b[:]) // never fails (crypto/rand.Read's contract); on failure it crashes the program
	return pageIDEncoding.EncodeToString(b[:])
}

// ValidPageID reports whether s is spelled as NewPageID spells page ids:
// 22 characters of base64url that decode to 16 bytes, in their one
// canonical spelling. Stores answer ErrNotFound for any other string
// without asking the database.
func ValidPageID(s string) bool {
	if len(s) != PageIDLen {
		return false
	}
	b, err := pageIDEncoding.DecodeString(s)
	return err == nil && len(b) == pageIDBytes
}

// MaxReviewSize bounds a stored review (SaveReview): 1 MiB, far more than
// the review of the longest game needs.
const MaxReviewSize = 1 << 20

// CheckReview returns an error for a review SaveReview refuses without
// asking the database: a negative moves, empty data, or data over
// MaxReviewSize bytes (that error wraps ErrTooLarge).
func CheckReview(moves int, data []byte) error {
	switch {
	case moves < 0:
		return fmt.Errorf("store: save review: %d moves", moves)
	case len(data) == 0:
		return fmt.Errorf("store: save review: no data")
	case len(data) > MaxReviewSize:
		return fmt.Errorf("store: save review: %d bytes, more than the %d stored: %w", len(data), MaxReviewSize, ErrTooLarge)
	}
	return nil
}

// MaxViewerLen bounds a viewer's name in Watch: the page server's opaque
// id of one page being viewed.
const MaxViewerLen = 128

// WatchRetention is how long an ended watch is kept at least (Watch): a
// heartbeat removes the viewers whose until is more than this before its
// own. A heartbeat's until must therefore be at most WatchRetention after
// now (the page server's heartbeats reach a minute or so ahead), so that
// only watches that have ended are removed.
const WatchRetention = 10 * time.Minute

// CheckViewer returns an error for a viewer Watch refuses without asking
// the database: empty, or longer than MaxViewerLen bytes.
func CheckViewer(viewer string) error {
	if viewer == "" || len(viewer) > MaxViewerLen {
		return fmt.Errorf("store: watch: a viewer of %d bytes, not 1 to %d", len(viewer), MaxViewerLen)
	}
	return nil
}
