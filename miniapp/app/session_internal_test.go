package app

import (
	"bytes"
	"testing"
)

// TestSessionKeyFrom: the same secrets give the same key, any change or
// another split of them another; no secret at all is refused.
func TestSessionKeyFrom(t *testing.T) {
	k := SessionKeyFrom("123:token", "secret")
	if len(k) != 32 || !bytes.Equal(k, SessionKeyFrom("123:token", "secret")) {
		t.Fatalf("key %x", k)
	}
	for _, other := range [][]string{{"123:token", "secret2"}, {"123:toke", "nsecret"}, {"secret", "123:token"}, {"123:token"}, {"123:token", "secret", ""}} {
		if bytes.Equal(k, SessionKeyFrom(other...)) {
			t.Errorf("%q gives the same key", other)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("a key from no secret")
		}
	}()
	SessionKeyFrom("", "")
}
