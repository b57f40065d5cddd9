package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/engine"
)

// The tags of a text record. OGN readers skip the ones they do not know;
// docs/records.md says what each holds.
const (
	tagEvent       = "Event"
	tagSite        = "Site"
	tagDate        = "Date"
	tagRound       = "Round"
	tagResult      = "Result"
	tagVariant     = "Variant"
	tagOptions     = "Options"
	tagStart       = "Start"
	tagFEN         = "FEN"
	tagTermination = "Termination"
	levelSuffix    = "Level"
)

// abapa is what OGN's "Oware Abapa" means in our engine's options: the
// rules the Aualé program plays. An Oware record's options that its
// Options tag does not name take these values.
var abapa = engine.Options{"seeds": "4", "grand_slam": "nocapture", "cross": "false", "repetition": "first"}

// abapaVariant is the Variant tag of an OGN record of Abapa's rules, as
// Aualé writes it; owareVariant that of an Oware record of other rules.
const (
	abapaVariant = "Oware Abapa"
	owareVariant = "Oware"
)

// dateLayout is how the Date tag writes a day, as PGN and OGN do.
const dateLayout = "2006.01.02"

// unknown is a tag's value when it is not known.
const unknown = "?"

// seatNames are the seats' tag names, by seat.
var seatNames = [...]string{"South", "North", "East", "West"}

// tag is one header tag.
type tag struct{ name, value string }

// readTag is a tag read, and its line.
type readTag struct {
	tag
	line int
}

// writeTag writes [Name "value"], the value escaped as OGN reads it.
func writeTag(b *bytes.Buffer, t tag) {
	v := strings.ReplaceAll(t.value, `\`, `\\`)
	v = strings.ReplaceAll(v, `"`, `\"`)
	fmt.Fprintf(b, "[%s \"%s\"]\n", t.name, v)
}

// orUnknown is s, or "?" when s is empty.
func orUnknown(s string) string {
	if s == "" {
		return unknown
	}
	return s
}

// optionsText writes options as "k=v k=v" in the variant's order.
func optionsText(v *engine.Variant, o engine.Options) string {
	parts := make([]string, 0, len(v.Options))
	for _, spec := range v.Options {
		parts = append(parts, spec.Name+"="+o[spec.Name])
	}
	return strings.Join(parts, " ")
}

// commonTags are the tags both text formats begin with: event, site,
// date and the seats.
func commonTags(g *Game) []tag {
	date := unknown
	if !g.Created.IsZero() {
		date = g.Created.UTC().Format(dateLayout)
	}
	tags := []tag{{tagEvent, orUnknown(g.Event)}, {tagSite, orUnknown(g.Site)}, {tagDate, date}}
	for i, p := range g.Players {
		tags = append(tags, tag{seatNames[i], orUnknown(p.Name)})
	}
	return tags
}

// levelTags name the bot's level in each seat it held.
func levelTags(g *Game) []tag {
	var tags []tag
	for i, p := range g.Players {
		if p.Level != "" {
			tags = append(tags, tag{seatNames[i] + levelSuffix, p.Level})
		}
	}
	return tags
}

// startJSON is the game's start as one line of position JSON.
func startJSON(g *Game) string {
	b, _ := json.Marshal(g.Start) // a Position always marshals
	return string(b)
}

// resultToken writes the result for our text format: "1-0", "0-1",
// "1/2-1/2" or "*" for two seats; the result's own word (east_won,
// solved, ...) for other seat counts.
func resultToken(g *Game) string {
	if g.Result == "" {
		return "*"
	}
	if g.Rules().Layout().Sides == 2 {
		switch g.Result {
		case "south_won":
			return "1-0"
		case "north_won":
			return "0-1"
		case "draw":
			return "1/2-1/2"
		}
	}
	return g.Result
}

// writeText writes g in our PGN-like format.
func writeText(b *bytes.Buffer, g *Game) {
	v := g.Rules().Variant()
	tags := commonTags(g)
	tags = append(tags, tag{tagResult, resultToken(g)}, tag{tagVariant, v.ID})
	if len(v.Options) > 0 {
		tags = append(tags, tag{tagOptions, optionsText(v, g.Options)})
	}
	if g.Custom {
		tags = append(tags, tag{tagStart, startJSON(g)})
	}
	if g.Reason != "" {
		tags = append(tags, tag{tagTermination, g.Reason})
	}
	tags = append(tags, levelTags(g)...)
	for _, t := range tags {
		writeTag(b, t)
	}
	b.WriteByte('\n')
	tokens := make([]string, 0, len(g.Moves)+1)
	for i, m := range g.Moves {
		tokens = append(tokens, strconv.Itoa(i+1)+". "+m.String())
	}
	tokens = append(tokens, resultToken(g))
	writeTokens(b, tokens)
}

// writeTokens writes the move text, lines shorter than 80 columns where
// the tokens allow (a move number and its move are one token).
func writeTokens(b *bytes.Buffer, tokens []string) {
	line := 0
	for _, t := range tokens {
		if line > 0 && line+1+len(t) >= 80 {
			b.WriteByte('\n')
			line = 0
		}
		if line > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(t)
		line += len(t)
	}
	b.WriteByte('\n')
}

// isAbapa reports whether o are Abapa's options.
func isAbapa(o engine.Options) bool {
	for k, v := range abapa {
		if o[k] != v {
			return false
		}
	}
	return true
}

// fen writes an Oware position as OGN's FEN tag does: South's houses A-F,
// North's a-f, South's store, North's, and S or N for the side to move,
// joined by dashes.
func fen(p engine.Position) string {
	var parts []string
	for _, s := range []engine.Side{engine.South, engine.North} {
		for i := 1; i <= 6; i++ {
			parts = append(parts, strconv.Itoa(p.Pit(s, i)))
		}
	}
	parts = append(parts, strconv.Itoa(p.Store(engine.South)), strconv.Itoa(p.Store(engine.North)))
	if p.ToMove() == engine.North {
		parts = append(parts, "N")
	} else {
		parts = append(parts, "S")
	}
	return strings.Join(parts, "-")
}

// ognResult is the Result of an OGN record: the final stores "S-N" when
// the moves ended the game (as Aualé writes it), otherwise "1-0", "0-1",
// "1/2-1/2" (a game ended outside the board: see Termination) or "*".
func ognResult(g *Game) string {
	if f := g.final; f.Status().Over() {
		return fmt.Sprintf("%d-%d", f.Store(engine.South), f.Store(engine.North))
	}
	return resultToken(g)
}

// writeOGN writes an Oware game as OGN.
func writeOGN(b *bytes.Buffer, g *Game) {
	v := g.Rules().Variant()
	name := owareVariant
	if isAbapa(g.Options) {
		name = abapaVariant
	}
	result := ognResult(g)
	common := commonTags(g)
	// Aualé's order: Variant, Event, Site, Date, Round, South, North,
	// Result; then the others.
	tags := []tag{{tagVariant, name}}
	tags = append(tags, common[:3]...)
	tags = append(tags, tag{tagRound, unknown})
	tags = append(tags, common[3:]...)
	tags = append(tags, tag{tagResult, result})
	if g.Custom {
		tags = append(tags, tag{tagFEN, fen(g.Start)})
	}
	tags = append(tags, tag{tagOptions, optionsText(v, g.Options)})
	if g.Custom {
		tags = append(tags, tag{tagStart, startJSON(g)})
	}
	if g.Reason != "" {
		tags = append(tags, tag{tagTermination, g.Reason})
	}
	tags = append(tags, levelTags(g)...)
	for _, t := range tags {
		writeTag(b, t)
	}
	b.WriteByte('\n')
	// The positions, to write each move's captures: the mover's store
	// gain, the end's gathering included.
	eg, _ := g.Replay() // g is a legal game: FromStore or Import made it
	pos := eg.Positions()
	var tokens []string
	for i, m := range g.Moves {
		number := ""
		if i%2 == 0 {
			number = strconv.Itoa(i/2+1) + ". "
		}
		before, after := pos[i], pos[i+1]
		mover := before.ToMove()
		letter := byte('A')
		if mover == engine.North {
			letter = 'a'
		}
		t := string(rune(letter + m.Play.Pit - 1))
		if n := after.Store(mover) - before.Store(mover); n > 0 {
			t += "+" + strconv.Itoa(n)
		}
		tokens = append(tokens, number+t)
	}
	if result != "*" || len(tokens) == 0 {
		tokens = append(tokens, result)
	}
	writeTokens(b, tokens)
}

// textError is a malformed text record: the line (1-based) and what is
// wrong.
func textError(line int, format string, args ...any) error {
	return fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, args...))
}

// scanner reads a text record: its tags, then its move text as tokens.
type scanner struct {
	data []byte
	off  int
	line int
}

func (s *scanner) skipSpace() {
	for s.off < len(s.data) {
		switch s.data[s.off] {
		case '\n':
			s.line++
		case ' ', '\t', '\r':
		default:
			return
		}
		s.off++
	}
}

var tagName = regexp.MustCompile(`^[A-Za-z0-9_]+`)

// tags reads the header: [Name "value"] tags, until anything else.
func (s *scanner) tags() ([]readTag, error) {
	var tags []readTag
	for {
		s.skipSpace()
		if s.off >= len(s.data) || s.data[s.off] != '[' {
			return tags, nil
		}
		line := s.line
		s.off++
		s.skipSpace()
		name := tagName.Find(s.data[s.off:])
		if name == nil {
			return nil, textError(line, "a tag needs a name of letters, digits and _")
		}
		s.off += len(name)
		s.skipSpace()
		if s.off >= len(s.data) || s.data[s.off] != '"' {
			return nil, textError(line, "tag %s: its value must be in double quotes", name)
		}
		s.off++
		var v strings.Builder
		for {
			if s.off >= len(s.data) {
				return nil, textError(line, "tag %s: its value has no closing quote", name)
			}
			c := s.data[s.off]
			s.off++
			if c == '"' {
				break
			}
			if c == '\\' && s.off < len(s.data) && (s.data[s.off] == '"' || s.data[s.off] == '\\') {
				c = s.data[s.off]
				s.off++
			}
			if c == '\n' {
				return nil, textError(line, "tag %s: its value has no closing quote on its line", name)
			}
			v.WriteByte(c)
		}
		s.skipSpace()
		if s.off >= len(s.data) || s.data[s.off] != ']' {
			return nil, textError(line, "tag %s: ] expected after its value", name)
		}
		s.off++
		for _, t := range tags {
			if t.name == string(name) {
				return nil, textError(line, "tag %s given twice", name)
			}
		}
		tags = append(tags, readTag{tag{string(name), v.String()}, line})
	}
}

// token is a word of the move text and its line.
type token struct {
	text string
	line int
}

// tokens reads the move text: words separated by spaces, without
// comments ({...}, and ; to the end of the line) and variations ((...),
// nested), which a record may carry and Import skips.
func (s *scanner) tokens() ([]token, error) {
	var out []token
	for {
		s.skipSpace()
		if s.off >= len(s.data) {
			return out, nil
		}
		line := s.line
		switch c := s.data[s.off]; c {
		case '{':
			end := bytes.IndexByte(s.data[s.off:], '}')
			if end < 0 {
				return nil, textError(line, "a comment { has no closing }")
			}
			s.line += bytes.Count(s.data[s.off:s.off+end], []byte{'\n'})
			s.off += end + 1
		case ';':
			end := bytes.IndexByte(s.data[s.off:], '\n')
			if end < 0 {
				end = len(s.data) - s.off
			}
			s.off += end
		case '(':
			depth := 0
			for ; s.off < len(s.data); s.off++ {
				switch s.data[s.off] {
				case '(':
					depth++
				case ')':
					depth--
				case '\n':
					s.line++
				}
				if depth == 0 {
					break
				}
			}
			if depth != 0 {
				return nil, textError(line, "a variation ( has no closing )")
			}
			s.off++
		case ')', '}', '[', ']':
			return nil, textError(line, "unexpected %q in the moves", c)
		default:
			start := s.off
			for s.off < len(s.data) && !strings.ContainsRune(" \t\r\n{}();[]", rune(s.data[s.off])) {
				s.off++
			}
			out = append(out, token{string(s.data[start:s.off]), line})
		}
	}
}

var (
	moveNumber = regexp.MustCompile(`^([0-9]+)\.+`)
	ognMove    = regexp.MustCompile(`^([A-Fa-f])(\+[0-9]+)?$`)
	ognScore   = regexp.MustCompile(`^([0-9]+)-([0-9]+)$`)
)

// resultWords are the result tokens that are not an OGN score: the
// result each stands for ("" for *).
var resultWords = map[string]string{
	"*": "", "1-0": "south_won", "0-1": "north_won", "1/2-1/2": "draw",
	"south_won": "south_won", "north_won": "north_won", "east_won": "east_won", "west_won": "west_won",
	"draw": "draw", "solved": "solved", "failed": "failed",
}

// claim is a result as a record states it: a result by seat, or, in OGN,
// the final stores.
type claim struct {
	result string
	score  []int // South's and North's final stores, for an OGN score
	// none: the record states no result at all (no Result tag, no
	// result token); the moves then decide it.
	none bool
}

// parseClaim reads a result token; ok is false for anything else.
func parseClaim(t string, ogn bool) (claim, bool) {
	if r, ok := resultWords[t]; ok {
		return claim{result: r}, true
	}
	if m := ognScore.FindStringSubmatch(t); ogn && m != nil {
		a, err1 := strconv.Atoi(m[1])
		b, err2 := strconv.Atoi(m[2])
		if err1 == nil && err2 == nil {
			return claim{score: []int{a, b}}, true
		}
	}
	return claim{}, false
}

func (c claim) String() string {
	if c.score != nil {
		return fmt.Sprintf("%d-%d", c.score[0], c.score[1])
	}
	if c.result == "" {
		return "*"
	}
	return c.result
}

func (c claim) equal(d claim) bool {
	return c.result == d.result && slices.Equal(c.score, d.score)
}

// readText reads a text record: OGN when its variant is Oware, ours
// otherwise.
func readText(data []byte) (*Game, error) {
	s := &scanner{data: data, line: 1}
	tags, err := s.tags()
	if err != nil {
		return nil, err
	}
	toks, err := s.tokens()
	if err != nil {
		return nil, err
	}
	tm, tagLines := map[string]string{}, map[string]int{}
	for _, t := range tags {
		tm[t.name], tagLines[t.name] = t.value, t.line
	}
	// tagLine is the line of the named tag (1 when there is none).
	tagLine := func(name string) int { return max(tagLines[name], 1) }
	g := &Game{Tags: tm}
	vname, ok := tm[tagVariant]
	if !ok {
		return nil, textError(1, "no Variant tag: a record names its variant ([Variant \"kalah\"], or \"Oware Abapa\" in OGN)")
	}
	ogn := strings.EqualFold(vname, abapaVariant)
	if ogn {
		vname = "oware"
	}
	v, err := engine.Lookup(vname)
	if err != nil {
		return nil, textError(tagLine(tagVariant), "%v", err)
	}
	ogn = ogn || v.ID == "oware"
	g.Variant = v.ID

	// The rules: the variant's defaults (Abapa's for Oware), then the
	// Options tag.
	given := engine.Options{}
	if v.ID == "oware" {
		for k, val := range abapa {
			given[k] = val
		}
	}
	if text, ok := tm[tagOptions]; ok {
		for _, f := range strings.Fields(text) {
			k, val, ok := strings.Cut(f, "=")
			if !ok || k == "" {
				return nil, textError(tagLine(tagOptions), "Options: %q is not name=value", f)
			}
			given[k] = val
		}
	}
	rules, err := v.New(given)
	if err != nil {
		return nil, textError(tagLine(tagOptions), "Options: %v", err)
	}
	g.Options = rules.Options()
	g.Start = rules.Start()
	if text, ok := tm[tagStart]; ok {
		p, err := engine.ParsePosition([]byte(text))
		if err != nil {
			return nil, textError(tagLine(tagStart), "Start: %v", err)
		}
		if p.Rules() != rules {
			return nil, textError(tagLine(tagStart), "Start: the position's variant and options (%s %s) are not the record's (%s %s)",
				p.Rules().Variant().ID, optionsText(p.Rules().Variant(), p.Rules().Options()), v.ID, optionsText(v, g.Options))
		}
		g.Start, g.Custom = p, true
	}
	if text, ok := tm[tagFEN]; ok && v.ID == "oware" {
		p, err := parseFEN(rules, text)
		if err != nil {
			return nil, textError(tagLine(tagFEN), "FEN: %v", err)
		}
		if !g.Custom {
			g.Start, g.Custom = p, true
		} else if fen(g.Start) != text {
			return nil, textError(tagLine(tagFEN), "FEN %q is not the Start position (%s)", text, fen(g.Start))
		}
	}

	sides := rules.Layout().Sides
	for i := range sides {
		p := Player{Name: tm[seatNames[i]], Level: tm[seatNames[i]+levelSuffix]}
		if p.Name == unknown {
			p.Name = ""
		}
		g.Players = append(g.Players, p)
	}
	if val := tm[tagEvent]; val != unknown {
		g.Event = val
	}
	if val := tm[tagSite]; val != unknown {
		g.Site = val
	}
	for _, layout := range []string{dateLayout, "2006-01-02"} {
		if t, err := time.Parse(layout, tm[tagDate]); err == nil {
			g.Created = t
			break
		}
	}
	g.Reason = tm[tagTermination]

	var stated *claim
	if text, ok := tm[tagResult]; ok {
		c, ok := parseClaim(text, ogn)
		if !ok {
			want := "1-0, 0-1, 1/2-1/2, *"
			if ogn {
				want += ", or the final stores such as 25-23"
			}
			return nil, textError(tagLine(tagResult), "Result %q is not a result (%s)", text, want)
		}
		stated = &c
	}

	// The move text.
	var lines []int
	pos := g.Start
	for i, t := range toks {
		text := t.text
		if m := moveNumber.FindStringSubmatch(text); m != nil {
			n, _ := strconv.Atoi(m[1])
			if !ogn && n != len(g.Moves)+1 {
				return nil, textError(t.line, "move number %s where move %d is due", m[1], len(g.Moves)+1)
			}
			text = text[len(m[0]):]
			if text == "" {
				continue
			}
		}
		if c, ok := parseClaim(text, ogn); ok {
			if i != len(toks)-1 {
				return nil, textError(t.line, "the result %s must end the moves", text)
			}
			if stated != nil && !stated.equal(c) {
				return nil, textError(t.line, "the result %s is not the Result tag's (%s)", text, stated)
			}
			stated = &c
			continue
		}
		var m Move
		if ogn {
			mm := ognMove.FindStringSubmatch(text)
			if mm == nil {
				return nil, textError(t.line, "move %d: %q is not a house (A-F for South, a-f for North)", len(g.Moves)+1, text)
			}
			l := mm[1][0]
			mover := engine.South
			m.Play.Pit = l - 'A' + 1
			if l >= 'a' {
				mover, m.Play.Pit = engine.North, l-'a'+1
			}
			if mover != pos.ToMove() && !pos.Status().Over() {
				return nil, textError(t.line, "move %d: %s is %s's house, but %s is to move", len(g.Moves)+1, text, mover, pos.ToMove())
			}
		} else {
			if m, err = parseMove(text); err != nil {
				return nil, textError(t.line, "move %d: %v", len(g.Moves)+1, err)
			}
		}
		if ogn {
			// Who moves next, for the next letter's case.
			next, err := step(pos, m)
			if err != nil {
				return nil, textError(t.line, "move %d (%s): %v", len(g.Moves)+1, text, err)
			}
			pos = next
		}
		g.Moves = append(g.Moves, m)
		lines = append(lines, t.line)
	}
	c := claim{none: true}
	if stated != nil {
		c = *stated
	}
	if err := complete(g, c, lines); err != nil {
		return nil, err
	}
	return g, nil
}

// step plays m on p without the game's history: enough to know who moves
// next while reading OGN (complete replays the game for real).
func step(p engine.Position, m Move) (engine.Position, error) {
	if m.Leave {
		np, _, err := p.Leave(m.Seat)
		return np, err
	}
	return p.Play(m.Play)
}

// parseFEN reads an OGN FEN tag into an Oware position of rules.
func parseFEN(rules engine.Rules, text string) (engine.Position, error) {
	parts := strings.Split(text, "-")
	if len(parts) != 15 {
		return engine.Position{}, fmt.Errorf("%q: want 14 numbers and S or N, joined by dashes", text)
	}
	n := make([]int, 14)
	for i, p := range parts[:14] {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || v > 255 {
			return engine.Position{}, fmt.Errorf("%q: %q is not a seed count", text, p)
		}
		n[i] = v
	}
	setup := engine.Setup{Pits: [][]int{n[0:6], n[6:12]}, Stores: []int{n[12], n[13]}}
	switch parts[14] {
	case "S":
	case "N":
		setup.ToMove = engine.North
	default:
		return engine.Position{}, fmt.Errorf("%q: the side to move is S or N, not %q", text, parts[14])
	}
	return engine.NewPosition(rules, setup)
}

// complete replays g's moves through the engine and checks the stated
// result c against them, filling in g's Result, Reason and final
// position. lines, when not nil, are the moves' lines, for the errors.
func complete(g *Game, c claim, lines []int) error {
	eg := engine.NewGame(g.Start)
	for i, m := range g.Moves {
		if err := play(eg, m); err != nil {
			where := ""
			if lines != nil {
				where = fmt.Sprintf("line %d: ", lines[i])
			}
			return fmt.Errorf("%smove %d (%s): %v", where, i+1, m, err)
		}
	}
	g.final = eg.Position()
	r, why := engineResult(g.final)
	if c.score != nil {
		// OGN: the final stores, which only a game the moves ended has.
		f := g.final
		if r == "" {
			return fmt.Errorf("the result %s says the game ended, but the moves do not end it", c)
		}
		if f.Store(engine.South) != c.score[0] || f.Store(engine.North) != c.score[1] {
			return fmt.Errorf("the result %s is not the final stores, %d-%d", c, f.Store(engine.South), f.Store(engine.North))
		}
		c.result = r
	}
	if c.none {
		c.result = r
	}
	g.Result = c.result
	return checkResult(g, r, why)
}

// outside are the reasons a game ends other than by its moves.
var outside = []string{"resign", "timeout", "agreed", "abandoned", "only_bots", "declined", "withdrawn"}

// checkResult checks g's stated Result and Reason against r and why, the
// result and reason of its final position ("" while it is on).
func checkResult(g *Game, r, why string) error {
	if r != "" {
		if g.Result != r {
			return fmt.Errorf("the result %s contradicts the moves, which end the game: %s (%s)", orStar(g.Result), r, why)
		}
		if g.Reason != "" && g.Reason != why {
			return fmt.Errorf("the moves end the game by %s, not %s", why, g.Reason)
		}
		g.Reason = why
		return nil
	}
	if g.Reason != "" && !slices.Contains(outside, g.Reason) {
		return fmt.Errorf("termination %q: the moves do not end the game, and it is not one of %s", g.Reason, strings.Join(outside, ", "))
	}
	if g.Result == "" {
		return nil
	}
	st, err := engine.ParseStatus(g.Result)
	if err != nil || st == engine.Solved || st == engine.Failed {
		return fmt.Errorf("the result %s: the moves do not end the game", g.Result)
	}
	if w, ok := st.Winner(); ok && int(w) >= len(g.Players) {
		return fmt.Errorf("the result %s names a seat the game does not have", g.Result)
	}
	if g.Reason == "" {
		return fmt.Errorf("the result %s: the moves do not end the game, and no Termination says how it ended (%s)", g.Result, strings.Join(outside[:3], ", "))
	}
	return nil
}

func orStar(r string) string {
	if r == "" {
		return "*"
	}
	return r
}
