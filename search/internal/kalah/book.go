package kalah

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"slices"

	"github.com/mancala-bot/mancala/search/internal/dbfile"
)

// Book is Perfect's opening book for one Kalah game (pits, seeds per
// pit, capture rule): the proven value and a best pit of every board
// Perfect can meet from the start whose exact solve does not fit in
// Limit positions (half of Perfect's budget) with the DBSeeds database,
// and of the first boards past them that do (the book's leaves), so that
// Perfect answers those at once too. Package search builds books
// (search.BuildKalahBook) and plays from them; this is their content and
// file format.
//
// "Every board Perfect can meet": Perfect's own boards, playing the book's
// move on each, as South and as North, against every reply of the
// opponent (extra turns included). Boards are Board values, so a board reached
// with other stores is the same entry.
type Book struct {
	N, Seeds     int // pits, seeds per pit at the start
	EmptyCapture bool
	DBSeeds      int    // the database the book's solves used
	Limit        uint64 // Perfect's node budget the book was built for
	Complete     bool   // every board Perfect can meet is in it or within limit
	Entries      map[Board]BookEntry
}

// BookEntry is a board's value for the side to move (store margin still to
// gain with best play) and a best pit (1-based).
type BookEntry struct {
	Pit, Val int8
}

// The on-disk format: a header, the entries sorted by board (my, opp,
// pit, value: 18 bytes each), and a CRC-32 of everything before it.
const bookMagic = "MANCALA-KBOOK001"

type bookHeader struct {
	Magic        [16]byte
	Pits         uint32
	Seeds        uint32
	EmptyCapture uint32
	DBSeeds      uint32
	Limit        uint64
	Complete     uint32
	Entries      uint64
}

// BookFileName is the file name of the book for n pits, seeds a pit and
// the capture rule, in the cache directory.
func BookFileName(n, seeds int, emptyCapture bool) string {
	ec := 0
	if emptyCapture {
		ec = 1
	}
	return fmt.Sprintf("kalah-book-p%d-s%d-ec%d.bin", n, seeds, ec)
}

// Save writes the book to dir atomically (a temporary file renamed).
func (bk *Book) Save(dir string) error {
	return dbfile.WriteCacheFile(dir, BookFileName(bk.N, bk.Seeds, bk.EmptyCapture), bk.Write)
}

// Write writes the book to w in the file format, entries sorted by board.
func (bk *Book) Write(w io.Writer) error {
	crc := crc32.NewIEEE()
	bw := bufio.NewWriter(io.MultiWriter(w, crc))
	h := bookHeader{Pits: uint32(bk.N), Seeds: uint32(bk.Seeds), DBSeeds: uint32(bk.DBSeeds), Limit: bk.Limit, Entries: uint64(len(bk.Entries))}
	copy(h.Magic[:], bookMagic)
	if bk.EmptyCapture {
		h.EmptyCapture = 1
	}
	if bk.Complete {
		h.Complete = 1
	}
	if err := binary.Write(bw, binary.LittleEndian, h); err != nil {
		return err
	}
	boards := make([]Board, 0, len(bk.Entries))
	for b := range bk.Entries {
		boards = append(boards, b)
	}
	slices.SortFunc(boards, func(a, b Board) int {
		if a.My != b.My {
			return cmpU64(a.My, b.My)
		}
		return cmpU64(a.Opp, b.Opp)
	})
	var rec [18]byte
	for _, b := range boards {
		e := bk.Entries[b]
		binary.LittleEndian.PutUint64(rec[0:], b.My)
		binary.LittleEndian.PutUint64(rec[8:], b.Opp)
		rec[16], rec[17] = byte(e.Pit), byte(e.Val)
		if _, err := bw.Write(rec[:]); err != nil {
			return err
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return binary.Write(w, binary.LittleEndian, crc.Sum32())
}

func cmpU64(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// ErrBadBook is ReadBook's error for a damaged file or one for another
// game.
var ErrBadBook = errors.New("Kalah opening book file is damaged")

// maxBookEntries bounds what a book file may claim to hold (18 bytes each).
const maxBookEntries = 1 << 26

// ReadBook reads a book for n pits, seeds a pit and the capture rule,
// checking its header, checksum and every entry (a legal pit of the
// board; a value within the board's seeds). Errors: ErrBadBook.
func ReadBook(r io.Reader, n, seeds int, emptyCapture bool) (*Book, error) {
	crc := crc32.NewIEEE()
	br := io.TeeReader(bufio.NewReader(r), crc)
	var h bookHeader
	if err := binary.Read(br, binary.LittleEndian, &h); err != nil {
		return nil, ErrBadBook
	}
	ec := emptyCapture == (h.EmptyCapture == 1)
	if string(h.Magic[:]) != bookMagic || int(h.Pits) != n || int(h.Seeds) != seeds || !ec || h.Entries > maxBookEntries || h.DBSeeds > 40 || h.Complete > 1 {
		return nil, ErrBadBook
	}
	bk := &Book{N: n, Seeds: seeds, EmptyCapture: emptyCapture, DBSeeds: int(h.DBSeeds), Limit: h.Limit, Complete: h.Complete == 1, Entries: make(map[Board]BookEntry, h.Entries)}
	var rec [18]byte
	for range h.Entries {
		if _, err := io.ReadFull(br, rec[:]); err != nil {
			return nil, ErrBadBook
		}
		b := Board{My: binary.LittleEndian.Uint64(rec[0:]), Opp: binary.LittleEndian.Uint64(rec[8:])}
		e := BookEntry{Pit: int8(rec[16]), Val: int8(rec[17])}
		if !validBookEntry(n, b, e) {
			return nil, ErrBadBook
		}
		bk.Entries[b] = e
	}
	sum := crc.Sum32()
	var want uint32
	if err := binary.Read(br, binary.LittleEndian, &want); err != nil || want != sum {
		return nil, ErrBadBook
	}
	var extra [1]byte
	if m, _ := br.Read(extra[:]); m != 0 {
		return nil, ErrBadBook
	}
	return bk, nil
}

// validBookEntry: the board has pits only within n, the pit is one of the
// mover's non-empty pits, and the value is within the board's seeds.
func validBookEntry(n int, b Board, e BookEntry) bool {
	if n < 8 && (b.My>>(8*n) != 0 || b.Opp>>(8*n) != 0) {
		return false
	}
	k := b.Seeds()
	return e.Pit >= 1 && int(e.Pit) <= n && PitAt(b.My, int(e.Pit)-1) != 0 && int(e.Val) >= -k && int(e.Val) <= k
}
