package store_test

import (
	"strings"
	"testing"

	"github.com/mancala-bot/mancala/store"
)

// TestValidPageID: only the 22-character canonical base64url spelling of
// 16 bytes is a page id.
func TestValidPageID(t *testing.T) {
	for _, c := range []struct {
		id   string
		want bool
	}{
		{"9hT2eZp0QwYk4rB7dF1nXg", true},
		{"AAAAAAAAAAAAAAAAAAAAAA", true},
		{"____________________-w", true},
		{"", false},
		{"9hT2eZp0QwYk4rB7dF1nX", false},   // 21 characters
		{"9hT2eZp0QwYk4rB7dF1nXgA", false}, // 23
		{"9hT2eZp0QwYk4rB7dF1nXh", false},  // the last character's unused bits set: a second spelling
		{"9hT2eZp0QwYk4rB7dF1n+g", false},  // standard base64, not base64url
		{"9hT2eZp0QwYk4rB7dF1n/g", false},  // idem
		{"9hT2eZp0QwYk4rB7dF1nX=", false},  // padding
		{"9hT2eZp0QwYk4rB7dF 1nX", false},  // a space
		{"9hT2eZp0QwYk4rB7dF1n%g", false},  // a URL escape
		{"9hT2eZp0QwYk4rB7dF1né", false},   // 22 bytes, not 22 characters of the alphabet
		{"../../../../etc/passwd", false},  // 22 bytes of a path
		{"1", false},
	} {
		if got := store.ValidPageID(c.id); got != c.want {
			t.Errorf("ValidPageID(%q) = %v, want %v", c.id, got, c.want)
		}
	}
}

// TestNewPageID: new ids are valid, 22 characters, and all different; and
// consecutive ones share no prefix more often than chance allows (they are
// not sequential).
func TestNewPageID(t *testing.T) {
	const n = 10000
	seen := make(map[string]bool, n)
	sharedPrefix := 0
	prev := ""
	for range n {
		id := store.NewPageID()
		if len(id) != store.PageIDLen || !store.ValidPageID(id) {
			t.Fatalf("NewPageID() = %q: not a valid page id", id)
		}
		if seen[id] {
			t.Fatalf("NewPageID() returned %q twice", id)
		}
		seen[id] = true
		// Two random ids share their first two characters with
		// probability 1/4096: about 2.4 times in 10000.
		if prev != "" && strings.HasPrefix(id, prev[:2]) {
			sharedPrefix++
		}
		prev = id
	}
	if sharedPrefix > 30 {
		t.Errorf("%d of %d consecutive ids share their first two characters: not random", sharedPrefix, n)
	}
}
