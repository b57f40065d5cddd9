package kalah

import (
	"bytes"
	"testing"
)

// TestKalahBookFile: the file format round trip, and bad files refused:
// a flipped byte, a cut, bytes after the end, another game's header, an
// illegal pit.
func TestKalahBookFile(t *testing.T) {
	bk := &Book{N: 6, Seeds: 4, DBSeeds: 22, Limit: 3_000_000, Complete: true, Entries: map[Board]BookEntry{
		{My: 0x040404040404, Opp: 0x040404040404}: {Pit: 3, Val: 8},
		{My: 0x050505050001, Opp: 0x040404040404}: {Pit: 1, Val: -2},
		{My: 0x000000000100, Opp: 0x000000000001}: {Pit: 2, Val: 0},
	}}
	var buf bytes.Buffer
	if err := bk.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if want := 16 + 4*4 + 8 + 4 + 8 + 3*18 + 4; buf.Len() != want {
		t.Errorf("file of %d bytes, want %d", buf.Len(), want)
	}
	got, err := ReadBook(bytes.NewReader(buf.Bytes()), 6, 4, false)
	if err != nil {
		t.Fatal(err)
	}
	if got.DBSeeds != 22 || got.Limit != 3_000_000 || !got.Complete || len(got.Entries) != 3 {
		t.Fatalf("read back %+v", got)
	}
	for b, e := range bk.Entries {
		if got.Entries[b] != e {
			t.Errorf("board %x/%x: read %+v, wrote %+v", b.My, b.Opp, got.Entries[b], e)
		}
	}
	data := buf.Bytes()
	bad := map[string][]byte{
		"flipped": func() []byte { c := bytes.Clone(data); c[60] ^= 1; return c }(),
		"cut":     data[:len(data)-5],
		"longer":  append(bytes.Clone(data), 0),
		"empty":   nil,
	}
	for name, b := range bad {
		if _, err := ReadBook(bytes.NewReader(b), 6, 4, false); err != ErrBadBook {
			t.Errorf("%s: err %v, want errBadBook", name, err)
		}
	}
	if _, err := ReadBook(bytes.NewReader(data), 6, 3, false); err != ErrBadBook {
		t.Errorf("another game's book: err %v, want errBadBook", err)
	}
	if _, err := ReadBook(bytes.NewReader(data), 6, 4, true); err != ErrBadBook {
		t.Errorf("another capture rule's book: err %v, want errBadBook", err)
	}
	// A pit that is empty on its board, checksum right.
	bk.Entries[Board{My: 0x000000000100, Opp: 0x000000000001}] = BookEntry{Pit: 1, Val: 0}
	buf.Reset()
	if err := bk.Write(&buf); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadBook(bytes.NewReader(buf.Bytes()), 6, 4, false); err != ErrBadBook {
		t.Errorf("illegal pit: err %v, want errBadBook", err)
	}
}
