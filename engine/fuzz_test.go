package engine_test

// Fuzz targets: one per variant (FuzzKalah, FuzzOware, FuzzTogyz,
// FuzzCongkak, FuzzTchuka, FuzzBaoKenya, FuzzBaoLaps, FuzzKujifunza, FuzzBao,
// FuzzAfrika, FuzzOhojitxi) and FuzzParsePosition.
//
// A variant target reads its input as: one or two bytes choosing the options
// (always within their valid ranges), a flag byte saying whether a starting
// layout follows, the layout if so (pits, stores, side to move, ply and the
// variant state, refused setups falling back to the opening position), and
// then one move per byte: most bytes pick one of the legal moves, the others
// make a deliberately doubtful move (any pit number from 0 to n+2, a pit
// number up to 255, the swap, a direction), which must be refused with a
// reason and leave the position as it was unless it is legal. (Moves of an
// unknown Kind are left to TestFuzzUnknownMoveKinds, which fails today: the
// engine accepts them.) After every move the target checks:
//
//   - seeds are conserved and no cell holds more than the total;
//   - the ply grows by one per move, the side to move changes as the rules
//     say, and Position.Play (no events) agrees with PlayEvents and Game;
//   - the status matches the board: Ongoing exactly when there are legal
//     moves, and a finished game refuses every move with GameOver;
//   - the events, replayed seed by seed on the previous position, give
//     exactly the new one: every sowing puts down the seeds picked up or
//     relayed, a relay lifts a whole pit, captures, deposits and sweeps move
//     whole pits into the right store, seeds are never sown where the rules
//     forbid (the opponent's store, a store in Oware and Togyz, the emptied
//     pit in Oware), and the end event comes last with the final status;
//   - the position JSON round-trips: MarshalJSON then ParsePosition gives an
//     equal position (==) while the game is on, and the same board, ply,
//     side to move and status once it is over; Setup and NewPosition too.
//
// An input plays at most 500 moves.
//
// FuzzParsePosition feeds arbitrary bytes to ParsePosition, which must not
// panic; every position it accepts must round-trip, hold at most 255 seeds,
// and have legal moves when it is ongoing.
//
// go test runs the seed corpus (about 0.2 s in all); go test -run '^$'
// -fuzz '^FuzzKalah$' fuzzes. On two cores, executions per second (each of
// up to 500 moves): Kalah about 280, Oware 240, Togyz 150, Congkak 440,
// Tchuka 3,100 (its games are short), bao-kenya 370, bao-laps 580,
// ParsePosition 29,000. bao-laps layouts are drawn with at most 3 seeds a
// pit: with many seeds a never-ending move can take minutes to detect.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/mancala-bot/mancala/engine"
)

// fzBytes doles out fuzzer bytes; past the end every byte is 0.
type fzBytes struct {
	b []byte
}

func (r *fzBytes) next() byte {
	if len(r.b) == 0 {
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

func (r *fzBytes) more() bool { return len(r.b) > 0 }

func fzBool(b byte) string { return strconv.FormatBool(b&1 == 1) }

// fzCorpus adds seed inputs: the given prefixes (options and layout bytes)
// each followed by pseudo-random move bytes, mostly legal-move choices.
func fzCorpus(f *testing.F, prefixes ...[]byte) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, pre := range prefixes {
		for k := range 3 {
			in := append([]byte(nil), pre...)
			n := 40 + 150*k
			for range n {
				if rng.IntN(6) == 0 {
					in = append(in, byte(192+rng.IntN(64))) // a doubtful move
				} else {
					in = append(in, byte(rng.IntN(192)))
				}
			}
			f.Add(in)
		}
	}
}

func FuzzKalah(f *testing.F) {
	// options byte (bit 0 empty_capture, bit 1 pie, bit 2 cross), pits-1,
	// seeds-1, layout flag
	fzCorpus(f,
		[]byte{4, 5, 3, 0},
		[]byte{4 | 2, 1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0},
		[]byte{0, 5, 3, 0},
		[]byte{2, 5, 3, 0},
		[]byte{3, 3, 2, 0},
		[]byte{1, 7, 7, 0},
		[]byte{0, 0, 7, 0},
		[]byte{2, 5, 3, 1, 20, 0, 1, 2, 13, 0, 3, 0, 0, 0, 14, 2, 7, 5, 0, 30, 3},
		[]byte{1, 2, 0, 1, 0, 0, 9, 1, 0, 2, 4, 4, 1, 0, 0},
	)
	f.Add([]byte{2, 5, 3, 0, 0, 224, 224, 0, 224, 232, 240, 250, 197})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := engine.Options{
			"pits":          strconv.Itoa(1 + int(r.next())%8),
			"seeds":         strconv.Itoa(1 + int(r.next())%8),
			"empty_capture": fzBool(o),
			"pie":           fzBool(o >> 1),
			"cross":         fzBool(o >> 2),
		}
		fzRun(t, "kalah", opts, r)
	})
}

func FuzzCongkak(f *testing.F) {
	fzCorpus(f,
		[]byte{1, 0},
		[]byte{0, 0},
		[]byte{1, 1, 0, 1, 20, 2, 0, 0, 3, 1, 1, 2, 0, 0, 5, 4, 1, 15, 0, 0, 3},
		[]byte{0, 1, 14, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 10, 20, 1},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		fzRun(t, "congkak", engine.Options{"relay": fzBool(r.next())}, r)
	})
}

func FuzzOware(f *testing.F) {
	// options byte: seeds-1 (low 3 bits), grand_slam (next 2 bits), cross
	// (bit 5)
	fzCorpus(f,
		[]byte{3 | 32, 0},
		[]byte{3 | 16 | 32, 0},
		[]byte{3, 0},
		[]byte{3 | 8, 0},
		[]byte{3 | 16, 0},
		[]byte{0 | 16, 0},
		[]byte{5, 0},
		// South to move: pit 6 with 17 seeds sows two seeds into each of
		// North's empty pits, a grand slam.
		[]byte{16, 1, 1, 19, 0, 7, 0, 17, 0, 0, 0, 0, 0, 0, 7, 9, 0, 0},
		[]byte{0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0},
		[]byte{8, 1, 2, 1, 2, 1, 2, 12, 1, 1, 2, 1, 2, 1, 3, 3, 0, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := engine.Options{
			"seeds":      strconv.Itoa(1 + int(o&7)%6),
			"grand_slam": []string{"capture", "nocapture", "forbidden"}[int(o>>3&3)%3],
			"cross":      fzBool(o >> 5),
		}
		fzRun(t, "oware", opts, r)
	})
}

func FuzzTogyz(f *testing.F) {
	fzCorpus(f,
		[]byte{0},
		[]byte{1, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 2, 9, 9, 9, 9, 9, 9, 9, 10, 0, 0, 0, 0, 0, 0},
		[]byte{1, 1, 2, 3, 2, 1, 20, 2, 1, 0, 2, 1, 2, 2, 1, 2, 0, 1, 2, 30, 40, 1, 0, 3, 5},
		[]byte{1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 70, 80, 0, 0, 0, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		fzRun(t, "togyz", engine.Options{}, &fzBytes{data})
	})
}

func FuzzTchuka(f *testing.F) {
	// pits-1, seeds-1, layout flag
	fzCorpus(f,
		[]byte{3, 1, 0},
		[]byte{3, 5, 0},
		[]byte{5, 3, 0},
		[]byte{15, 14, 0},
		[]byte{0, 0, 0},
		[]byte{2, 2, 1, 3, 0, 5, 1},
	)
	// The unique solution of the 4x2 board: pits 3 4 3 4 2 4 (as legal-move
	// indexes: 2, 2, 2, 2, 0, 0 after each move's list).
	f.Add([]byte{3, 1, 0, 2, 3, 2, 2, 0, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		pits, seeds := 1+int(r.next())%16, 1+int(r.next())%15
		opts := engine.Options{"pits": strconv.Itoa(pits), "seeds": strconv.Itoa(seeds)}
		if pits*seeds > 255 {
			if _, err := engine.New("tchuka", opts); err == nil {
				t.Fatalf("tchuka %v: more than 255 seeds accepted", opts)
			}
			opts["seeds"] = strconv.Itoa(255 / pits)
		}
		fzRun(t, "tchuka", opts, r)
	})
}

func FuzzBaoKenya(f *testing.F) {
	// options byte: seeds-1 (low 3 bits), capture_sower (bit 3); layout flag
	fzCorpus(f,
		[]byte{2, 0},
		[]byte{2 | 8, 0},
		[]byte{0, 0},
		[]byte{7 | 8, 0},
		// South pit 8 with 20 seeds (K4), stores near the majority.
		[]byte{2, 1, 1, 1, 1, 1, 1, 1, 1, 20, 20, 1, 1, 1, 1, 1, 1, 1, 1, 20, 0, 0},
		[]byte{10, 1, 0, 2, 0, 0, 0, 0, 0, 1, 5, 1, 0, 0, 0, 6, 0, 0, 0, 7, 1, 3},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := engine.Options{"seeds": strconv.Itoa(1 + int(o&7)), "capture_sower": fzBool(o >> 3)}
		fzRun(t, "bao-kenya", opts, r)
	})
}

func FuzzBaoLaps(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(engine.LowerRelayLapBound(1 << 8))
	// options byte: seeds-1 (low 2 bits), capture_sower (bit 2),
	// skip_origin (bit 3), infinite (bits 4-5); layout flag
	fzCorpus(f,
		[]byte{1, 0},
		[]byte{1 | 16, 0},
		[]byte{1 | 32, 0},
		[]byte{1 | 4 | 8, 0},
		[]byte{3 | 8 | 32, 0},
		[]byte{0, 0},
		[]byte{1 | 32, 1, 0, 2, 4, 1, 0, 2, 0, 1, 9, 0, 1, 0, 1, 0, 3, 0, 2, 6, 0, 18},
	)
	// The never-ending move of example G: 1 8 8 2 1, then North's 8 (as
	// legal-move indexes, pits in ascending order).
	f.Add([]byte{1, 0, 0, 7, 7, 1, 0, 6})
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := engine.Options{
			"seeds":         strconv.Itoa(1 + int(o&3)),
			"capture_sower": fzBool(o >> 2),
			"skip_origin":   fzBool(o >> 3),
			"infinite":      []string{"draw", "loss", "illegal"}[int(o>>4&3)%3],
		}
		fzRun(t, "bao-laps", opts, r)
	})
}

func FuzzKujifunza(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(engine.LowerRelayLapBound(1 << 8))
	// options byte: infinite (o%3), suicide (bit 2), wipe (bit 3); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1 | 4, 0},
		[]byte{2 | 8, 0},
		[]byte{2 | 4 | 8, 0},
		// layout: South's 16 pits, a store byte, North's, a store byte,
		// side to move, ply; then move bytes. The never-ending 7R of
		// kujifunza_test.go (the sixth legal move).
		[]byte{0, 1, 0, 2, 1, 0, 2, 1, 2, 0, 4, 2, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 5},
		[]byte{2, 1, 0, 2, 1, 0, 2, 1, 2, 0, 4, 2, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		// the only front seeds a kichwa: J8
		[]byte{4, 1, 3, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		[]byte{8, 1, 1, 2, 3, 1, 0, 2, 0, 1, 3, 0, 2, 1, 0, 0, 240, 1, 0, 2, 1, 3, 0, 1, 2, 0, 0, 1, 0, 2, 0, 3, 0, 1, 0, 0, 1, 9},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := engine.Options{
			"infinite": []string{"draw", "loss", "illegal"}[int(o)%3],
			"suicide":  []string{"forbidden", "allowed"}[o>>2&1],
			"wipe":     []string{"stop", "continue"}[o>>3&1],
		}
		fzRun(t, "bao-kujifunza", opts, r)
	})
}

func FuzzBao(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(engine.LowerRelayLapBound(1 << 8))
	// options bytes: o (infinite o%3, suicide bit 2, wipe bit 3, takasia bit
	// 4, namua_house bit 5, house_capture bit 6, namua_restrictions bit 7),
	// o2 (house_seeds bit 0); layout flag; then move bytes.
	fzCorpus(f,
		[]byte{0, 0, 0},
		[]byte{0x10 | 0x20, 1, 0, 5, 9, 200, 3, 1},
		[]byte{2 | 4 | 8 | 0x40 | 0x80, 0, 0},
		// a layout with hands: South's 16 pits, a store byte, North's, a
		// store byte, side to move, ply, hands, ownership, takasia
		[]byte{0, 0, 1, 0, 2, 1, 0, 2, 1, 2, 0, 4, 2, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 6, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 3, 3, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o, o2 := r.next(), r.next()
		opts := engine.Options{
			"infinite":           []string{"draw", "loss", "illegal"}[int(o)%3],
			"suicide":            []string{"forbidden", "allowed"}[o>>2&1],
			"wipe":               []string{"stop", "continue"}[o>>3&1],
			"takasia":            fzBool(^o >> 4),
			"namua_house":        []string{"choice", "stop"}[o>>5&1],
			"house_capture":      []string{"allowed", "immune"}[o>>6&1],
			"namua_restrictions": fzBool(^o >> 7),
			"house_seeds":        []string{"6", "8"}[o2&1],
		}
		fzRun(t, "bao", opts, r)
	})
}

// fzStart reads the layout flag and, if it is set, a starting layout. It
// returns the opening position when the flag is clear or the setup is
// refused.
func fzStart(t *testing.T, rules engine.Rules, variant string, r *fzBytes) engine.Position {
	start := rules.Start()
	flag := r.next()
	if flag&1 == 0 {
		return start
	}
	l := rules.Layout()
	s := engine.Setup{}
	for range l.Sides {
		pits := make([]int, l.Pits)
		for i := range pits {
			v := r.next()
			if variant == "bao" { // fewer seeds: long never-ending cycles take seconds
				pits[i] = int(v) % 4
				if v >= 248 {
					pits[i] = 16 + int(v-248)
				}
				continue
			}
			if variant == "tshuba" { // small piles, a few that go round the ring
				pits[i] = int(v) % 5
				if v >= 240 {
					pits[i] = 16 + int(v-240)
				}
				continue
			}
			if variant == "bao-kujifunza" { // 32 pits: smaller piles, a few that lap the ring
				pits[i] = int(v) % 6
				if v >= 240 {
					pits[i] = 16 + int(v-240)
				}
				continue
			}
			switch {
			case variant == "ruma": // 24 pockets: small piles, a few that lap the board
				pits[i] = int(v) % 5
				if v >= 250 {
					pits[i] = 26 + int(v-250)
				}
			case variant == "bao-laps":
				// Few seeds: with many, a never-ending move's cycle can
				// take minutes to find (see bao.go).
				pits[i] = int(v) % 4
			case v < 224:
				pits[i] = int(v) % 16
			default:
				pits[i] = 16 + int(v-224) // 16..47: piles that go round
			}
		}
		s.Pits = append(s.Pits, pits)
		st := int(r.next()) % 64
		if variant == "ruma" {
			st %= 16
		}
		s.Stores = append(s.Stores, st)
	}
	if l.Store(engine.South) == engine.NoCell { // no stores (four-row Bao, Ohojitxi)
		s.Stores = nil
	}
	x := r.next()
	if l.Sides == 2 {
		s.ToMove = engine.Side(x & 1)
	}
	if flag&2 != 0 {
		s.ToMove = engine.Side(x & 3) // maybe a side the game has not
	}
	s.Ply = int(r.next())
	switch {
	case variant == "kalah" && rules.Options()["pie"] == "true":
		if flag&4 != 0 {
			s.Extra = map[string]json.RawMessage{
				"swap_available": json.RawMessage(fzBool(x >> 2)),
				"swapped":        json.RawMessage(fzBool(x >> 3)),
			}
		}
	case variant == "bao":
		h, own, tk := r.next(), r.next(), r.next()
		tkJSON := "null"
		if tk&1 != 0 {
			tkJSON = fmt.Sprintf(`{"side":%q,"pit":%d}`, engine.Side(tk>>1&1), 1+int(tk>>2)%16)
		}
		s.Extra = map[string]json.RawMessage{
			"hand":         json.RawMessage(fmt.Sprintf(`{"south":%d,"north":%d}`, int(h&7), int(h>>4&7))),
			"nyumba_owned": json.RawMessage(fmt.Sprintf(`{"south":%s,"north":%s}`, fzBool(own), fzBool(own>>1))),
			"takasia":      json.RawMessage(tkJSON),
		}
	case variant == "ruma":
		pen := r.next()
		s.Extra = map[string]json.RawMessage{
			"penalty":      json.RawMessage(fmt.Sprintf(`{"south":%d,"east":%d,"north":%d,"west":%d}`, pen&3, pen>>2&3, pen>>4&3, pen>>6)),
			"penalty_pits": json.RawMessage(fmt.Sprintf(`{"south":%d,"east":%d}`, x>>4&3, x>>6)),
		}
		if flag&32 != 0 {
			s.Extra["out"] = json.RawMessage(fmt.Sprintf("[%q]", engine.Side(x>>2&3)))
		}
	case variant == "ohojitxi":
		// a pending drop (a multiple of 4) and the last drops
		s.Extra = map[string]json.RawMessage{
			"drop":      json.RawMessage(strconv.Itoa(4 * (int(x>>1) % 4))),
			"last_drop": json.RawMessage(fmt.Sprintf(`{"south":%d,"north":%d}`, int(x>>3)%7, int(s.Ply)%7)),
		}
	case variant == "namnam":
		// 48 seeds: the board cut to a multiple of 4, the rest in the
		// stores; a round, an owner map and a phase from more bytes.
		board := 0
		for si := range s.Pits {
			for i := range s.Pits[si] {
				s.Pits[si][i] %= 9
				board += s.Pits[si][i]
			}
		}
		for board > 48 || board%4 != 0 {
			for si := range s.Pits {
				for i := range s.Pits[si] {
					if (board > 48 || board%4 != 0) && s.Pits[si][i] > 0 {
						s.Pits[si][i]--
						board--
					}
				}
			}
		}
		st := 4 * (int(s.Stores[0]) % ((48-board)/4 + 1))
		s.Stores = []int{st, 48 - board - st}
		own, own2 := r.next(), r.next()
		owner := func(b byte) string {
			o := "["
			for i := range 6 {
				if i > 0 {
					o += ","
				}
				o += map[bool]string{true: `"south"`, false: `"north"`}[b>>i&1 != 0]
			}
			return o + "]"
		}
		phase := `"play","claims":0`
		if flag&4 != 0 {
			phase = fmt.Sprintf(`"claim","claims":%d`, 1+int(x>>2)%3)
		}
		s.Extra = map[string]json.RawMessage{}
		_ = json.Unmarshal([]byte(fmt.Sprintf(`{"round":%d,"phase":%s,"owner":{"south":%s,"north":%s}}`,
			1+int(x>>4)%12, phase, owner(^own), owner(own2))), &s.Extra)
	case variant == "tshuba":
		s.Extra = map[string]json.RawMessage{"bonus": json.RawMessage(strconv.Itoa(int(x>>2) % 3))}
	case variant == "togyz":
		// tuzdyk numbers 0..9 (9 and a pit holding seeds are refused)
		ts, tn := int(x>>2)%10, int(x>>5)%10
		if flag&8 == 0 { // empty the pits, so that the setup stands
			if ts > 0 && ts < 9 {
				s.Pits[engine.North][ts-1] = 0
			}
			if tn > 0 && tn < 9 {
				s.Pits[engine.South][tn-1] = 0
			}
		}
		s.Extra = map[string]json.RawMessage{"tuzdyk": json.RawMessage(fmt.Sprintf(`{"south":%d,"north":%d}`, ts, tn))}
	}
	if flag&16 != 0 {
		s.Status = engine.Status(x % 6)
	}
	p, err := engine.NewPosition(rules, s)
	if err != nil {
		return start
	}
	return p
}

// fzMove turns one byte into a move: a legal one for most bytes, else a
// doubtful one.
func fzMove(b byte, legal []engine.Move, n int) engine.Move {
	switch {
	case b < 192 && len(legal) > 0:
		return legal[int(b)%len(legal)]
	case b < 192:
		return engine.Move{Pit: uint8(1 + int(b)%n)}
	case b < 224:
		return engine.Move{Pit: uint8(int(b-192) % (n + 3))} // 0..n+2
	case b < 232:
		return engine.SwapMove
	case b < 240:
		return engine.Move{Pit: uint8(1 + int(b)%n), Dir: engine.Dir(1 + b%2)}
	case b < 248:
		// A move kind the engine does not know would belong here, but the
		// engine accepts some of those (see TestFuzzUnknownMoveKinds), so
		// these bytes make a sow with a direction from pit 0 instead.
		return engine.Move{Pit: 0, Dir: engine.Dir(1 + b%2)}
	default:
		return engine.Move{Pit: b}
	}
}

func fzRun(t *testing.T, variant string, opts engine.Options, r *fzBytes) {
	rules, err := engine.New(variant, opts)
	if err != nil {
		t.Fatalf("%s %v: %v", variant, opts, err)
	}
	p := fzStart(t, rules, variant, r)
	l := rules.Layout()
	total := p.Seeds()
	if total > 255 {
		t.Fatalf("%s: %d seeds on a board", variant, total)
	}
	g := engine.NewGame(p)
	var played []engine.Move
	fail := func(format string, args ...any) {
		t.Helper()
		j, _ := g.Start().MarshalJSON()
		cur := g.Position()
		cj, _ := cur.MarshalJSON()
		t.Fatalf("%s %v\nstart: %s\nmoves: %v\nposition: %s\n%s\n%s", variant, opts, j, played, cj, cur.String(), fmt.Sprintf(format, args...))
	}
	fzCheckPosition(g.Position(), total, true, fail)
	for steps := 0; r.more() && steps < 500; steps++ {
		prev := g.Position()
		legal := prev.Moves()
		m := fzMove(r.next(), legal, l.Pits)
		isLegal := false
		for _, x := range legal {
			isLegal = isLegal || x == m
		}
		q, ev, err := prev.PlayEvents(m)
		fast, fastErr := prev.Play(m)
		if (fastErr == nil) != (err == nil) {
			fail("move %s: Play says %v, PlayEvents says %v", m, fastErr, err)
		}
		if !isLegal {
			// Refused, with a reason, and nothing changes.
			switch {
			case err == nil:
				fail("move %s is not among the legal moves %v, but was played", m, legal)
			case engine.ReasonOf(err) == 0:
				fail("move %s refused without a reason: %v", m, err)
			case prev.Status() != engine.Ongoing && engine.ReasonOf(err) != engine.GameOver:
				fail("move %s in a finished game refused with %v, not GameOver", m, err)
			case q != prev || fast != prev || ev != nil:
				fail("refused move %s changed the position or produced events", m)
			case err.Error() == "":
				fail("move %s: empty error text", m)
			}
			if _, gerr := g.Play(m); gerr == nil || g.Position() != prev || len(g.Moves()) != len(played) {
				fail("Game.Play accepted or recorded the refused move %s", m)
			}
			continue
		}
		if err != nil {
			fail("legal move %s refused: %v", m, err)
		}
		if fast != q {
			fail("move %s: Play and PlayEvents reach different positions:\n%s\n%s", m, fast.String(), q.String())
		}
		gev, gerr := g.Play(m)
		played = append(played, m)
		if gerr != nil {
			fail("Game.Play refused legal move %s: %v", m, gerr)
		}
		cur := g.Position()
		same := len(gev) >= len(ev)
		for i := 0; same && i < len(ev); i++ {
			same = gev[i] == ev[i]
		}
		if !same {
			fail("move %s: Game.Play's events %v do not begin with PlayEvents' %v", m, gev, ev)
		}
		if cur != q {
			// Only Oware's and bao-laps' third repetition may end the
			// game in Game.
			// In namnam it ends the round (the game may go on).
			if variant == "namnam" && q.Status() == engine.Ongoing {
			} else if rules.RepetitionLimit() == 0 || q.Status() != engine.Ongoing || cur.EndReason() != engine.EndRepetition {
				fail("move %s: Game.Play and PlayEvents disagree:\n%s\n%s", m, cur.String(), q.String())
			}
		}
		fzCheckMove(variant, l, prev, cur, m, gev, fail)
		fzCheckPosition(cur, total, !r.more() || cur.Status() != prev.Status(), fail)
	}
}

// fzCheckPosition checks one position: seeds, status against moves, the
// refusal of moves once the game is over, and the JSON and Setup round
// trips.
//
// full adds the checks that cost more and rarely change from one move to
// the next: String, and the JSON being written back identically.
func fzCheckPosition(p engine.Position, total int, full bool, fail func(string, ...any)) {
	l := p.Rules().Layout()
	sum := 0
	for c := range l.Cells {
		k := p.Cell(engine.Cell(c))
		if k < 0 || k > total {
			fail("cell %d holds %d seeds of %d", c, k, total)
		}
		sum += k
	}
	sum += p.Hand(engine.South) + p.Hand(engine.North) // Bao's seeds in hand
	if sum != total || p.Seeds() != total {
		fail("seeds not conserved: cells hold %d, Seeds() %d, want %d", sum, p.Seeds(), total)
	}
	if int(p.ToMove()) >= l.Sides {
		fail("side to move %s is not a side of the game", p.ToMove())
	}
	moves := p.Moves()
	if (p.Status() == engine.Ongoing) != (len(moves) > 0) {
		fail("status %s with %d legal moves", p.Status(), len(moves))
	}
	if p.Status() == engine.Ongoing && p.EndReason() != engine.EndNone {
		fail("ongoing with end reason %s", p.EndReason())
	}
	if p.Status() != engine.Ongoing {
		for pit := 0; pit <= l.Pits+1; pit++ {
			for _, m := range []engine.Move{{Pit: uint8(pit)}, engine.SwapMove} {
				if q, err := p.Play(m); engine.ReasonOf(err) != engine.GameOver || q != p {
					fail("finished game: move %s gives %v, want GameOver", m, err)
				}
			}
		}
	}
	for _, m := range moves {
		if err := p.Rules().Check(&p, m); err != nil {
			fail("listed move %s fails Check: %v", m, err)
		}
	}
	if full {
		_ = p.String()
	}

	j, err := p.MarshalJSON()
	if err != nil {
		fail("MarshalJSON: %v", err)
	}
	q, err := engine.ParsePosition(j)
	if err != nil {
		fail("ParsePosition(%s): %v", j, err)
	}
	fzSame(p, q, "JSON round trip", fail)
	if j2, _ := q.MarshalJSON(); full && !bytes.Equal(j, j2) {
		fail("JSON round trip: %s became %s", j, j2)
	}
	s, err := engine.NewPosition(p.Rules(), p.Setup())
	if err != nil {
		fail("NewPosition(Setup()): %v", err)
	}
	fzSame(p, s, "Setup round trip", fail)
}

// fzSame checks that q, rebuilt from p, is p: equal (==) while the game is
// on; once it is over (the end reason is not part of the JSON) the same
// board, side to move, ply and status.
func fzSame(p, q engine.Position, what string, fail func(string, ...any)) {
	if p.Status() == engine.Ongoing || p.EndReason() == engine.EndNone {
		if q != p {
			fail("%s: got a different position:\n%s\n%s", what, p.String(), q.String())
		}
		return
	}
	ps, qs := p.Setup(), q.Setup()
	pj, _ := json.Marshal(ps)
	qj, _ := json.Marshal(qs)
	if !bytes.Equal(pj, qj) || q.Status() != p.Status() {
		fail("%s: finished position came back as %s, want %s", what, qj, pj)
	}
}

// ohoHand is the seeds the events of a move by me leave in hand: none but
// in Ohojitxi, whose captures wait in hand for the drop (O5).
func ohoHand(variant string, cur engine.Position, me engine.Side) int {
	if variant != "ohojitxi" || cur.ToMove() != me {
		return 0
	}
	return cur.Hand(me)
}

// fzCheckMove checks one legal move: the ply, the side to move and the
// events, replayed seed by seed on prev, which must give cur.
func fzCheckMove(variant string, l *engine.Layout, prev, cur engine.Position, m engine.Move, ev []engine.Event, fail func(string, ...any)) {
	me := prev.ToMove()
	if cur.Ply() != prev.Ply()+1 {
		fail("move %s: ply %d after %d", m, cur.Ply(), prev.Ply())
	}
	extra, passed := false, false
	for _, e := range ev {
		extra = extra || e.Kind == engine.EventExtraTurn
		// Selus, Sulus: the opponent cannot move and passes
		passed = passed || e.Kind == engine.EventPass && e.Side == 1-me && t3Passes(cur, me)
	}
	switch variant {
	case "tchuka":
		if cur.ToMove() != engine.South || extra != (cur.Status() == engine.Ongoing) {
			fail("move %s: tchuka turn: to move %s, extra turn event %v, status %s", m, cur.ToMove(), extra, cur.Status())
		}
	case "ruma": // passes may bring the turn back to the mover
		if cur.Status() == engine.Ongoing && cur.ToMove() == me && len(ev) > 0 && ev[len(ev)-1].Kind != engine.EventPenalty && ev[len(ev)-1].Kind != engine.EventOut {
			fail("move %s: %s moves again without the others passing: %v", m, me, ev)
		}
	case "namnam": // a claim, or a pass (C5): the same side may move again
	case "oware", "togyz", "bao-laps", "madjnuni":
		if cur.ToMove() == me || extra {
			fail("move %s: the turn did not pass (extra turn event: %v)", m, extra)
		}
	default:
		switch {
		case m.Kind == engine.Swap:
			if cur.ToMove() != me || len(ev) != 1 || ev[0].Kind != engine.EventSwap || ev[0].Side != me {
				fail("swap: to move %s, events %v", cur.ToMove(), ev)
			}
			if cur.Setup().Extra == nil || string(cur.Setup().Extra["swapped"]) != "true" || string(cur.Setup().Extra["swap_available"]) != "false" {
				fail("swap: extra %v", cur.Extra())
			}
		case extra && (cur.ToMove() != me || cur.Status() != engine.Ongoing && cur.EndReason() != engine.EndRepetition):
			// (Ayo-ayo: the opponent passes, and the position reached is
			// the third occurrence, which Game ends.)
			fail("move %s: extra turn event, but %s to move, status %s", m, cur.ToMove(), cur.Status())
		case passed && cur.ToMove() == me:
			// the opponent cannot move and passes (Selus rule 4, C5)
		case cur.Status() == engine.Ongoing && !extra && cur.ToMove() == me:
			fail("move %s: the same side moves again without an extra turn event", m)
		}
	}

	cells := make([]int, len(l.Cells))
	for c := range cells {
		cells[c] = prev.Cell(engine.Cell(c))
	}
	inRange := func(e engine.Event) {
		if int(e.Cell) >= len(cells) {
			fail("move %s: event %s names cell %d of %d", m, e, e.Cell, len(cells))
		}
	}
	var origin engine.Cell = engine.NoCell
	hand, ended := 0, false
	if variant == "ohojitxi" { // the drop sows the seeds in hand (O5)
		hand = prev.Hand(me)
	}
	var lastSown engine.Cell = engine.NoCell
	for i, e := range ev {
		if ended {
			fail("move %s: event %s after the end: %v", m, e, ev)
		}
		if e.Kind != engine.EventDeposit {
			lastSown = engine.NoCell
		}
		switch e.Kind {
		case engine.EventPickup:
			inRange(e)
			ci := l.Cells[e.Cell]
			if variant == "bao" && i == 1 && prev.Hand(me) > 0 && hand == 0 && e.Count > 0 && e.Count <= cells[e.Cell] && ci.Owner == me && ci.Pit == int(m.Pit) {
				cells[e.Cell] -= e.Count // a namua takasa, or the tax (S4, S8)
				hand, origin = e.Count, e.Cell
				continue
			}
			if variant == "gabata" && i > 0 && hand == 0 && e.Side == me && e.Count == 1 && cells[e.Cell] == 1 {
				cells[e.Cell], hand = 0, 1 // a serial capture's seed goes on (rule 4)
				continue
			}
			mine := ci.Owner == me && ci.Pit == int(m.Pit)
			if variant == "namnam" { // a pit of either row (C2)
				mine = e.Cell == prev.MoveCell(m) && prev.Owner(e.Cell) == me
			}
			if i != 0 || e.Side != me || ci.Kind != engine.PitCell || !mine || e.Count <= 0 || cells[e.Cell] != e.Count {
				fail("move %s: bad pickup %s (cell holds %d): %v", m, e, cells[e.Cell], ev)
			}
			cells[e.Cell], hand, origin = 0, e.Count, e.Cell
		case engine.EventSow:
			inRange(e)
			ci := l.Cells[e.Cell]
			if variant == "bao" && i == 0 && prev.Hand(me) > 0 {
				// the namua seed from hand (S4)
				if e.Side != me || ci.Owner != me || ci.Pit != int(m.Pit) || cells[e.Cell] == 0 || cur.Hand(me) != prev.Hand(me)-1 {
					fail("move %s: bad namua placement %s: %v", m, e, ev)
				}
				cells[e.Cell]++
				continue
			}
			bad := hand == 0 || e.Side != me
			switch variant {
			case "kalah", "congkak":
				bad = bad || (ci.Kind == engine.StoreCell && ci.Owner != me)
			case "oware", "afrika":
				bad = bad || ci.Kind == engine.StoreCell || e.Cell == origin
			case "bao-kenya": // K3, K4
				bad = bad || (ci.Kind == engine.StoreCell && ci.Owner != me) || e.Cell == origin
			case "togyz", "bao-laps", "ayoayo", "madjnuni":
				bad = bad || ci.Kind == engine.StoreCell
			case "bao-kujifunza", "bao":
				bad = bad || ci.Owner != me // a side sows only its own pits
			case "tshuba":
				bad = bad || ci.Owner != me || ci.Kind == engine.StoreCell
			}
			if bad {
				fail("move %s: bad sow %s (seeds in hand %d): %v", m, e, hand, ev)
			}
			cells[e.Cell]++
			hand--
			lastSown = e.Cell
		case engine.EventDeposit:
			inRange(e)
			st := l.Store(e.Side)
			if variant != "togyz" || e.Cell != lastSown || cells[e.Cell] < 1 || l.Cells[e.Cell].Owner == e.Side || st == engine.NoCell {
				fail("move %s: bad deposit %s: %v", m, e, ev)
			}
			cells[e.Cell]--
			cells[st]++
		case engine.EventRelay:
			inRange(e)
			kuji := variant == "bao-kujifunza" || variant == "bao" || variant == "tshuba"
			three := variant == "gabata" || variant == "selus" || variant == "sulus"
			if hand != 0 || e.Side != me || (variant != "congkak" && variant != "tchuka" && variant != "bao-laps" && variant != "ayoayo" && variant != "madjnuni" && variant != "namnam" && !kuji && !three) || l.Cells[e.Cell].Kind != engine.PitCell || e.Count < 2 || cells[e.Cell] != e.Count ||
				kuji && l.Cells[e.Cell].Owner != me {
				fail("move %s: bad relay %s (cell holds %d): %v", m, e, cells[e.Cell], ev)
			}
			cells[e.Cell], hand = 0, e.Count
		case engine.EventCapture:
			if variant == "namnam" {
				// Fours by the pit's owner while seeds are in hand, the
				// last four (from the hand too: Cell NoCell), the
				// round's starter's settlement.
				st := l.Store(e.Side)
				switch {
				case e.Cell == engine.NoCell && e.Count > 0 && e.Count <= hand:
					hand -= e.Count
				case int(e.Cell) < len(cells) && l.Cells[e.Cell].Kind == engine.PitCell && e.Count > 0 && cells[e.Cell] == e.Count && st != engine.NoCell:
					cells[e.Cell] = 0
				default:
					fail("move %s: bad capture %s (seeds in hand %d): %v", m, e, hand, ev)
				}
				cells[st] += e.Count
				continue
			}
			inRange(e)
			ci := l.Cells[e.Cell]
			st := l.Store(e.Side)
			if variant == "ohojitxi" { // one of the mover's pits of 4, taken in hand to drop (O4)
				if e.Side != me || ci.Owner != me || e.Count != 4 || cells[e.Cell] != 4 {
					fail("move %s: bad capture %s (cell holds %d): %v", m, e, cells[e.Cell], ev)
				}
				cells[e.Cell], hand = 0, hand+4
				continue
			}
			if variant == "bao-kujifunza" || variant == "bao" { // an opponent's front pit, taken in hand and sown on (J5)
				if hand != 0 || e.Side != me || ci.Owner == me || ci.Pit > 8 || e.Count <= 0 || cells[e.Cell] != e.Count {
					fail("move %s: bad capture %s (cell holds %d): %v", m, e, cells[e.Cell], ev)
				}
				cells[e.Cell], hand = 0, e.Count
				continue
			}
			// Ayo-ayo takes fours during the sowing, maybe for the row's
			// owner (rule 3).
			midSow := variant == "ayoayo" && e.Count == 4
			if variant == "selus" { // 2 from a wegue (rule 3a)
				if hand != 0 || e.Side != me || e.Count != 2 || cells[e.Cell] < 2 || !t3Marked(prev, e.Cell) {
					fail("move %s: bad capture %s (cell holds %d): %v", m, e, cells[e.Cell], ev)
				}
				cells[e.Cell] -= 2
				cells[st] += 2
				continue
			}
			bad := hand != 0 && !midSow || e.Side != me && !midSow || ci.Kind != engine.PitCell || e.Count <= 0 || cells[e.Cell] != e.Count || st == engine.NoCell
			if variant == "oware" || variant == "togyz" {
				bad = bad || ci.Owner == me
			}
			if bad {
				fail("move %s: bad capture %s (cell holds %d): %v", m, e, cells[e.Cell], ev)
			}
			cells[e.Cell] = 0
			cells[st] += e.Count
		case engine.EventTuzdyk:
			inRange(e)
			ci := l.Cells[e.Cell]
			if variant != "togyz" || hand != 0 || e.Side != me || ci.Owner == me || ci.Pit == 9 || cells[e.Cell] != 3 {
				fail("move %s: bad tuzdyk %s: %v", m, e, ev)
			}
		case engine.EventTrap:
			inRange(e)
			if (variant != "selus" && variant != "sulus") || hand != 0 || l.Cells[e.Cell].Kind != engine.PitCell ||
				e.Side != engine.NoSide && (cells[e.Cell] != 4 || t3Marked(prev, e.Cell)) || e.Side == engine.NoSide && cells[e.Cell] != 0 {
				fail("move %s: bad trap %s (cell holds %d): %v", m, e, cells[e.Cell], ev)
			}
		case engine.EventPass:
			if (variant != "selus" && variant != "sulus") || hand != 0 || e.Side > engine.North || cur.ToMove() == e.Side {
				fail("move %s: bad pass %s: %v", m, e, ev)
			}
		case engine.EventSwap:
			if m.Kind != engine.Swap || len(ev) != 1 {
				fail("move %s: swap event: %v", m, ev)
			}
		case engine.EventExtraTurn:
			if hand != ohoHand(variant, cur, me) || e.Side != me {
				fail("move %s: bad extra turn %s: %v", m, e, ev)
			}
		case engine.EventSweep:
			inRange(e)
			ci := l.Cells[e.Cell]
			st := l.Store(e.Side)
			whole := variant == "tshuba" && e.Cell != st // the winner takes every seed
			if hand != 0 || !whole && (ci.Kind != engine.PitCell || ci.Owner != e.Side) || e.Count <= 0 || cells[e.Cell] != e.Count || st == engine.NoCell {
				fail("move %s: bad sweep %s (cell holds %d): %v", m, e, cells[e.Cell], ev)
			}
			cells[e.Cell] = 0
			cells[st] += e.Count
		case engine.EventPenalty: // Ruma: a pass, one seed (or none) from the store to the penalty pit
			inRange(e)
			st := l.Store(e.Side)
			if hand != 0 || l.Cells[e.Cell].Kind != engine.PenaltyCell || l.Cells[e.Cell].Owner != e.Side || e.Count < 0 || e.Count > 1 || cells[st] < e.Count || (e.Count == 0) != (cells[st] == 0) {
				fail("move %s: bad penalty %s: %v", m, e, ev)
			}
			cells[st] -= e.Count
			cells[e.Cell] += e.Count
		case engine.EventOut:
			if hand != 0 || !cur.Out(e.Side) {
				fail("move %s: bad out %s: %v", m, e, ev)
			}
		case engine.EventFill:
			inRange(e)
			st := l.Store(e.Side)
			if variant != "namnam" || hand != 0 || l.Cells[e.Cell].Kind != engine.PitCell || st == engine.NoCell || e.Count <= 0 || cells[st] < e.Count || cur.Owner(e.Cell) != e.Side && cur.Status() == engine.Ongoing {
				fail("move %s: bad fill %s: %v", m, e, ev)
			}
			cells[st] -= e.Count
			cells[e.Cell] += e.Count
		case engine.EventEnd:
			if hand != 0 || e.Status != cur.Status() || e.Reason != cur.EndReason() || e.Status == engine.Ongoing {
				fail("move %s: end event %s, position %s (%s)", m, e, cur.Status(), cur.EndReason())
			}
			ended = true
		default:
			fail("move %s: unknown event kind %d: %v", m, e.Kind, ev)
		}
	}
	if hand != ohoHand(variant, cur, me) {
		fail("move %s: %d seeds left in hand after the events %v", m, hand, ev)
	}
	if ended != (cur.Status() != engine.Ongoing) {
		fail("move %s: status %s, end event: %v: %v", m, cur.Status(), ended, ev)
	}
	for c := range cells {
		if got := cur.Cell(engine.Cell(c)); got != cells[c] {
			fail("move %s: replaying the events %v gives %d seeds in cell %d (%s), the position has %d",
				m, ev, cells[c], c, l.CellName(engine.Cell(c)), got)
		}
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, c := range []struct {
		id   string
		opts engine.Options
	}{
		{"kalah", nil}, {"kalah", engine.Options{"pie": "true", "pits": "4", "seeds": "3"}},
		{"congkak", nil}, {"oware", engine.Options{"grand_slam": "forbidden"}}, {"togyz", nil},
		{"tchuka", engine.Options{"pits": "6", "seeds": "4"}},
		{"bao-kenya", engine.Options{"capture_sower": "true"}}, {"bao-laps", engine.Options{"infinite": "illegal"}},
		{"bao-kujifunza", nil}, {"bao-kujifunza", engine.Options{"infinite": "illegal", "wipe": "continue"}},
	} {
		p := engine.MustNew(c.id, c.opts).Start()
		j, _ := p.MarshalJSON()
		f.Add(j)
		if q, err := p.Play(p.Moves()[0]); err == nil {
			j, _ := q.MarshalJSON()
			f.Add(j)
		}
	}
	for _, s := range []string{
		`{"variant":"kalah"}`,
		`{"variant":"KALAH","options":{"pits":3,"seeds":"2","pie":true},"ply":0,"extra":{"swap_available":false}}`,
		`{"variant":"kalah","options":{"pie":"1"},"to_move":"north","ply":0,"extra":{}}`,
		`{"variant":"kalah","pits":{"south":[0,0,0,0,0,0]},"status":"north_won"}`,
		`{"variant":"kalah","pits":{"south":[0,0,0,0,0,0]}}`,
		`{"variant":"kalah","pits":{"south":[255,0,0,0,0,0]}}`,
		`{"variant":"kalah","pits":{"east":[1,1,1,1,1,1]}}`,
		`{"variant":"kalah","stores":{"south":-1}}`,
		`{"variant":"oware","to_move":"north","ply":12,"pits":{"south":[1,19,0,7,0,17],"north":[0,0,0,0,0,0]},"stores":{"south":7,"north":9},"status":"ongoing"}`,
		`{"variant":"oware","pits":{"south":[0,0,0,0,0,1],"north":[0,0,0,0,0,0]},"stores":{"south":23,"north":24}}`,
		`{"variant":"togyz","extra":{"tuzdyk":{"south":3,"north":3}}}`,
		`{"variant":"togyz","pits":{"south":[9,9,0,9,9,9,9,9,9],"north":[9,9,9,9,9,0,9,9,9]},"stores":{"south":9,"north":9},"extra":{"tuzdyk":{"south":6,"north":3}}}`,
		`{"variant":"togyz","extra":{"tuzdyk":{"south":9}}}`,
		`{"variant":"togyz","extra":{"tuzdyk":null}}`,
		`{"variant":"tchuka","options":{"pits":16,"seeds":15}}`,
		`{"variant":"tchuka","options":{"pits":1},"to_move":"north"}`,
		`{"variant":"congkak","options":{"relay":false},"ply":1e3}`,
		`{"variant":"oware","options":{"seeds":4.0}}` + "\n",
		`{"variant":"oware"} {}`,
		`{"variant":"bao-kujifunza","pits":{"south":[0,2,1,0,2,1,2,0,4,2,0,1,0,1,0,1],"north":[1,0,0,0,0,0,0,0,2,0,0,0,0,0,0,0]}}`,
		`{"variant":"bao-kujifunza","stores":{"south":1}}`,
		`{"variant":"bao-kujifunza","pits":{"south":[0,0,0,0,0,0,0,0,2,0,0,0,0,0,0,0]}}`,
		`{"variant":"oware","bogus":1}`,
		`{"variant":"bao-laps","to_move":"north","ply":5,"pits":{"south":[0,1,2,1,0,4,1,0],"north":[3,0,3,0,1,2,1,2]},"stores":{"south":5,"north":6}}`,
		`{"variant":"bao-laps","options":{"infinite":"illegal"},"pits":{"south":[1,0,5,2,1,0,1,0],"north":[1,0,1,0,1,0,1,3]},"stores":{"south":9,"north":6},"to_move":"north"}`,
		`{"variant":"bao-kenya","options":{"seeds":1},"stores":{"south":9}}`,
		`{"variant":"namnam","to_move":"south","pits":{"south":[4,4,4,4,4,4],"north":[0,0,0,0,0,0]},"stores":{"south":8,"north":16},"extra":{"round":2,"phase":"claim","claims":2}}`,
		`{"variant":"namnam","pits":{"south":[1,0,2,1,0,2],"north":[1,0,1,0,1,3]},"stores":{"south":32,"north":4},"extra":{"round":9,"owner":{"north":["south","south","north","south","north","south"]}}}`,
		`[1,2,3]`, `null`, `{`, ``, "{\n\"variant\":\"kalah\",\n\"ply\":\"x\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := engine.ParsePosition(data)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParsePosition(%q): empty error", data)
			}
			return
		}
		fail := func(format string, args ...any) {
			t.Helper()
			t.Fatalf("ParsePosition(%q) accepted\n%s\n%s", data, p.String(), fmt.Sprintf(format, args...))
		}
		total := p.Seeds()
		if total > 255 {
			fail("%d seeds", total)
		}
		fzCheckPosition(p, total, true, fail)
		// Play on a little: nothing may panic, and the checks still hold.
		for k := 0; k < 8; k++ {
			ms := p.Moves()
			if len(ms) == 0 {
				break
			}
			q, ev, err := p.PlayEvents(ms[k%len(ms)])
			if err != nil {
				fail("legal move %s refused: %v", ms[k%len(ms)], err)
			}
			fzCheckMove(p.Rules().Variant().ID, p.Rules().Layout(), p, q, ms[k%len(ms)], ev, fail)
			fzCheckPosition(q, total, false, fail)
			p = q
		}
	})
}

// TestFuzzUnknownMoveKinds plays moves whose Kind is neither Sow nor Swap
// (Move is a plain struct, so nothing stops a caller from building one).
// No variant lists them among the legal moves, so Play must refuse them and
// leave the position unchanged. Today kalah and congkak play them as the
// sowing of the pit, togyz and tchuka accept them and change nothing (not
// even the ply), and oware refuses them with a wrong reason
// (GrandSlamForbidden); this test fails until Check rejects them. The fuzz
// targets leave such moves out meanwhile.
func TestFuzzUnknownMoveKinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		id   string
		opts engine.Options
	}{
		{"kalah", engine.Options{"pie": "true"}}, {"congkak", nil}, {"oware", nil}, {"togyz", nil}, {"tchuka", nil},
		{"bao-kenya", nil}, {"bao-laps", nil},
	} {
		p := engine.MustNew(c.id, c.opts).Start()
		bad := 0
		for ply := 0; ply < 30 && p.Status() == engine.Ongoing; ply++ {
			for _, kind := range []engine.MoveKind{2, 3, 255} {
				for pit := 1; pit <= p.Rules().Layout().Pits; pit++ {
					m := engine.Move{Pit: uint8(pit), Kind: kind}
					q, err := p.Play(m)
					if err == nil || q != p {
						if bad++; bad == 1 {
							j, _ := p.MarshalJSON()
							t.Errorf("%s: Play(Move{Pit: %d, Kind: %d}) = %v, position changed: %v (ply %d -> %d)\nposition: %s",
								c.id, pit, kind, err, q != p, p.Ply(), q.Ply(), j)
						}
					}
				}
			}
			ms := p.Moves()
			p, _ = p.Play(ms[rng.IntN(len(ms))])
		}
		if bad > 0 {
			t.Errorf("%s: %d moves of unknown kinds accepted", c.id, bad)
		}
	}
}

// FuzzRuma plays Ruma from the start or a random layout (four rows, their
// rumas, South to move, or any seat with the side flag).
func FuzzRuma(f *testing.F) {
	// options byte: players (bit 0), seeds 2..4 (o>>1%3), penalty_limit
	// default or 1..3 (o>>3%4); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1, 0},
		[]byte{2 | 8, 0},
		[]byte{5 | 16, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := engine.Options{
			"players": []string{"4", "2"}[o&1],
			"seeds":   fmt.Sprint(2 + int(o>>1)%3),
		}
		if k := int(o>>3) % 4; k > 0 {
			opts["penalty_limit"] = fmt.Sprint(k)
		}
		fzRun(t, "ruma", opts, r)
	})
}

func FuzzAyoayo(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(engine.LowerRelayLapBound(1 << 8))
	// options byte: capture (o%3), starve (bit 2), pits (bits 3-4: 6, 12,
	// 4, 6); layout flag; then move bytes.
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1 | 4, 0},
		[]byte{2 | 8, 0},
		[]byte{1 | 4 | 16, 0},
		// the section 14 vector: South 1 2 2 2 0 3 / 16, North 3 0 3 0 2 2 / 12
		[]byte{2, 1, 1, 2, 2, 2, 0, 3, 16, 3, 0, 3, 0, 2, 2, 12, 0, 0, 5},
		// TestAyoayoNeverEnding's layout (South's pit 2 never ends)
		[]byte{4, 1, 1, 2, 2, 1, 0, 2, 14, 4, 0, 2, 2, 0, 4, 14, 0, 0},
	)
	// starve=false: an opponent's pass (extra_turn) reaching a third
	// occurrence, which Game ends (found by the fuzzer).
	f.Add([]byte("&100/$-\xdd0Z+m$0+z002\xf12102020\xd00000000000000000"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := engine.Options{
			"capture": []string{"sower", "owner", "mixed"}[int(o)%3],
			"starve":  fzBool(^o >> 2),
			"pits":    []string{"6", "12", "4", "6"}[o>>3&3],
		}
		fzRun(t, "ayoayo", opts, r)
	})
}

func FuzzMadjnuni(f *testing.F) {
	f.Cleanup(engine.LowerRelayLapBound(1 << 8))
	// options byte: seeds (2 + o%11), opposite (bit 4); layout flag; then
	// move bytes (the legal move is at most one).
	fzCorpus(f,
		[]byte{5, 0},
		[]byte{5 | 16, 0},
		[]byte{0, 0},
		// the section 14 vector: South 5 1 3 1 1 2 0 / 0, North 1 2 4 3 1 1 1 / 0
		[]byte{5, 1, 5, 1, 3, 1, 1, 2, 0, 0, 1, 2, 4, 3, 1, 1, 1, 0, 0, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := engine.Options{
			"seeds":    strconv.Itoa(2 + int(o)%11),
			"opposite": fzBool(^o >> 4),
		}
		fzRun(t, "madjnuni", opts, r)
	})
}

func FuzzAfrika(f *testing.F) {
	// options byte: early_end (bit 0), misere (bit 1); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1, 0},
		[]byte{2, 0},
		[]byte{3, 0},
		// the position of problem 1 (section 14), South to move
		[]byte{0, 1, 1, 1, 0, 3, 0, 2, 4, 0, 54, 0, 3, 2, 0, 4, 0, 1, 1, 52, 0, 0},
		[]byte{2, 1, 0, 0, 5, 0, 0, 20, 1, 0, 60, 0, 3, 0, 0, 1, 0, 0, 9, 40, 1, 7},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		fzRun(t, "afrika", engine.Options{"early_end": fzBool(o), "misere": fzBool(o >> 1)}, r)
	})
}

func FuzzOhojitxi(f *testing.F) {
	// layout flag; then, with a layout, 12 pits, side to move (bit 0), the
	// drop (bits 1-2) and South's last drop (bits 3-5), ply (North's last
	// drop)
	fzCorpus(f,
		[]byte{0},
		[]byte{1, 3, 3, 3, 1, 2, 3, 4, 4, 4, 4, 4, 4, 0, 0},
		[]byte{1, 0, 0, 0, 1, 3, 0, 4, 0, 2, 4, 1, 0, 0, 3},
		[]byte{1, 2, 0, 0, 0, 5, 0, 1, 1, 1, 1, 1, 1, 4, 9},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		fzRun(t, "ohojitxi", engine.Options{}, &fzBytes{data})
	})
}

func FuzzNamnam(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(engine.LowerRelayLapBound(1 << 8))
	// layout flag (bit 0 a layout, bit 2 the claim phase), then the
	// layout: South's 6 pits, a store byte, North's, a store byte, side to
	// move and round/claims byte, ply, two owner bytes; then move bytes.
	fzCorpus(f,
		[]byte{0},
		[]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13},
		// section 14's infinite relay: South owns all but North 3 and 5
		[]byte{1, 1, 0, 2, 1, 0, 2, 8, 1, 0, 1, 0, 1, 3, 0, 8 << 4, 0, 0, 0xff - 0x14, 3, 0, 1},
		// the last four, then the claims
		[]byte{1, 0, 0, 0, 0, 0, 1, 6, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		fzRun(t, "namnam", nil, &fzBytes{data})
	})
}

func FuzzGabata(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(engine.LowerRelayLapBound(1 << 8))
	// options byte: serial (bit 0), column=both (bit 1); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1, 0},
		[]byte{2, 0},
		[]byte{3, 0},
		// layout: South's 9 pits, a store byte, North's, a store byte,
		// side to move, ply; then move bytes (the section 14 vector).
		[]byte{0, 1, 0, 0, 0, 1, 0, 0, 2, 2, 0, 0, 3, 5, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := engine.Options{
			"serial": []string{"false", "true"}[o&1],
			"column": []string{"opponent", "both"}[o>>1&1],
		}
		fzRun(t, "gabata", opts, r)
	})
}

func FuzzSelus(f *testing.F) {
	f.Cleanup(engine.LowerRelayLapBound(1 << 8))
	// options byte: weak_traps (bit 0); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1, 0},
		[]byte{0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 2, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 4, 0, 5},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		fzRun(t, "selus", engine.Options{"weak_traps": []string{"false", "true"}[o&1]}, r)
	})
}

func FuzzSulus(f *testing.F) {
	f.Cleanup(engine.LowerRelayLapBound(1 << 8))
	// options byte: rule (o%3); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1, 0},
		[]byte{2, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		fzRun(t, "sulus", engine.Options{"rule": []string{"aydi", "nishtav", "lame"}[int(o)%3]}, r)
	})
}

func FuzzTshuba(f *testing.F) {
	// Every input cheap: a long relay counts as never-ending early.
	f.Cleanup(engine.LowerRelayLapBound(1 << 8))
	// options byte: cols (bit 0: 4 or 8), bonus (bits 1-2, mod 3),
	// take_single_outer (bit 3); layout flag
	fzCorpus(f,
		[]byte{0, 0},
		[]byte{1, 0},
		[]byte{1 | 4, 0},
		[]byte{2 | 8, 0},
		// layout: South's 8 pits, a store byte, North's, a store byte,
		// side to move (bits 2-3: bonus due), ply; the never-ending 8 of
		// section 14 (refused) and the capture with a bonus.
		[]byte{1, 1, 1, 0, 3, 0, 3, 2, 1, 2, 0, 0, 2, 0, 0, 0, 1, 0, 1, 0, 0, 0, 255, 0, 7},
		[]byte{1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 2, 2, 2, 2, 1, 2, 3, 2, 0, 0, 0, 3, 4, 0},
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &fzBytes{data}
		o := r.next()
		opts := engine.Options{
			"cols":              []string{"8", "4"}[o&1],
			"bonus":             strconv.Itoa(int(o>>1&3) % 3),
			"take_single_outer": fzBool(o >> 3),
		}
		fzRun(t, "tshuba", opts, r)
	})
}
