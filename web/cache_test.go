package web

import (
	"strings"
	"testing"
)

// The cache keeps answers up to its bound, forgetting the oldest first,
// and refuses an answer larger than a quarter of it.
func TestCacheBound(t *testing.T) {
	c := newCache(100)
	for _, k := range []string{"a", "b", "c", "d"} {
		c.put(k, []byte(strings.Repeat(k, 25)))
	}
	c.put("e", []byte(strings.Repeat("e", 10)))
	c.put("big", []byte(strings.Repeat("x", 26)))
	for k, want := range map[string]bool{"a": false, "b": true, "c": true, "d": true, "e": true, "big": false} {
		if _, ok := c.get(k); ok != want {
			t.Errorf("%s kept: %v, want %v", k, ok, want)
		}
	}
	if c.size != 85 {
		t.Errorf("size %d, want 85", c.size)
	}
}

// A finished game's answers are kept (and the kept one served again);
// a live game's are not.
func TestCacheFinishedOnly(t *testing.T) {
	f, _, _ := finishedKalah(t, Config{})
	s := New(Config{Store: f.db})
	h := s.Handler()
	first := get(t, h, "/g/"+pageID("kalahpage")+"/board/3.png")
	b := body(t, first)
	if kept, ok := s.cache.get(first.Header.Get("ETag")); !ok || string(kept) != b {
		t.Fatal("the finished game's board is not kept")
	}
	if again := body(t, get(t, h, "/g/"+pageID("kalahpage")+"/board/3.png")); again != b {
		t.Error("the kept board differs")
	}
	live := get(t, h, "/g/"+pageID("livepage")+"/board/3.png")
	body(t, live)
	if _, ok := s.cache.get(live.Header.Get("ETag")); ok {
		t.Error("a live game's board is kept")
	}
	if n := len(s.cache.items); n != 1 {
		t.Errorf("%d answers kept, want 1", n)
	}
}
