package bot

import (
	"errors"
	"fmt"
	"github.com/mancala-bot/mancala/locales"
	"sort"
	"strings"
	"time"

	"github.com/mancala-bot/mancala/engine"
	"github.com/mancala-bot/mancala/puzzle"
	"github.com/mancala-bot/mancala/render"
	"github.com/mancala-bot/mancala/store"
)

// The daily puzzle in chat.
//
// "puzzle" posts today's puzzle (the UTC day of Config.Now) in the channel:
// the board, its title, its goal, a button per legal move and a give-up
// button. Everyone plays on their own: a press, or a typed answer, is the
// presser's own attempt (store.PuzzleAttempt, one per user and day), and
// what follows is shown to them only (private replies). Solving also posts
// a short public congratulation, without the answer.
//
// Tries. A solitaire is played pit by pit: a sowing that ends in an empty
// pit ends the try ("Try again" starts the next one; tries are unlimited);
// clearing the board solves it. A best-move puzzle's answer is a move, or
// a whole turn when the move earns extra turns: each right move of it goes
// on, a wrong one is a wrong try, and the third wrong try fails the
// attempt. A typed answer ("puzzle 3 4") is played the same way, from the
// puzzle's position, in place of the try in progress. After solving,
// failing or giving up, the answer is revealed with why it works (see
// explain), and nothing more is accepted that day.
//
// Buttons carry the puzzle's day (see puzzleButton): yesterday's buttons
// pressed today are told the puzzle has expired and shown today's.

// maxPuzzleTries is how many tries a best-move puzzle allows.
const maxPuzzleTries = 3

// errAttemptOver is returned inside a puzzle mutation when the attempt has
// already ended; it becomes the "already done today" reply.
var errAttemptOver = errors.New("puzzle attempt over")

// errUnchanged is returned inside a puzzle mutation that has nothing to
// write; mutateAttempt then returns the attempt as it is.
var errUnchanged = errors.New("puzzle attempt unchanged")

// attempt is a stored attempt with its current try replayed.
type attempt struct {
	p    puzzle.Puzzle
	rec  *store.PuzzleAttempt
	game *engine.Game
	// events are the last move's (none after a reset).
	events []engine.Event
	// last is the last move played, kept when a wrong try resets the board.
	last string
}

// verdict is what a move did to an attempt.
type verdict int

const (
	goOn       verdict = iota // right so far (or, in a solitaire, the sowing ended in the store)
	solvedIt                  // the puzzle is solved
	stuck                     // a solitaire sowing ended in an empty pit: the try is over
	wrongTry                  // a wrong best move: the next try begins
	outOfTries                // a wrong best move on the last try: the attempt failed
)

// dead reports whether the current try has ended without solving (a
// solitaire stuck in an empty pit): it takes no more moves.
func (a *attempt) dead() bool { return a.game.Position().Status() == engine.Failed }

// newTry starts the next try: the board is set up again.
func (a *attempt) newTry() {
	a.rec.Tries++
	a.restart()
}

// restart empties the current try, without counting a new one.
func (a *attempt) restart() {
	a.rec.Moves = nil
	a.game = engine.NewGame(a.p.Position)
	a.events = nil
}

// play plays m on the current try and judges the result against the
// puzzle (puzzle.Check), updating the attempt. An illegal move is refused
// and changes nothing.
func (a *attempt) play(m engine.Move, now time.Time) (verdict, error) {
	ev, err := a.game.Play(m)
	if err != nil {
		return 0, illegalMove(err, m)
	}
	a.events, a.last = ev, m.String()
	a.rec.Moves = append(a.rec.Moves, m.String())
	moves := a.game.Moves()
	cerr := a.p.Check(moves)
	if cerr == nil {
		a.rec.Status, a.rec.FinishedAt = store.PuzzleSolved, now
		return solvedIt, nil
	}
	var ce *puzzle.CheckError
	if !errors.As(cerr, &ce) {
		return 0, cerr
	}
	switch {
	case ce.Kind == puzzle.Unfinished:
		return goOn, nil
	case ce.Kind == puzzle.Wrong && a.p.Kind == puzzle.Solitaire:
		return stuck, nil
	case ce.Kind == puzzle.Wrong && a.rec.Tries >= maxPuzzleTries:
		a.rec.Status, a.rec.FinishedAt = store.PuzzleFailed, now
		return outOfTries, nil
	case ce.Kind == puzzle.Wrong:
		a.newTry()
		return wrongTry, nil
	}
	// Illegal or TooMany after a legal move of an unfinished try: the
	// puzzle and the engine disagree.
	return 0, fmt.Errorf("puzzle %s: moves %v: %w", a.p.ID, a.rec.Moves, cerr)
}

// loadAttempt reads the requester's attempt at p, or makes a new one (not
// stored yet, Version 0), and replays its current try. An attempt of a
// puzzle that changed since (another generator) restarts its try.
func (s *session) loadAttempt(p puzzle.Puzzle) (*attempt, error) {
	rec, err := s.b.cfg.Store.PuzzleAttempt(s.ctx, s.req.Platform, s.req.User.ID, p.Date)
	switch {
	case errors.Is(err, store.ErrNotFound):
		now := s.b.now()
		rec = &store.PuzzleAttempt{
			Platform: s.req.Platform, UserID: s.req.User.ID, Date: p.Date, PuzzleID: p.ID,
			Channel: s.req.Channel, Name: s.displayName(), Tries: 1, Status: store.PuzzlePlaying,
			StartedAt: now, UpdatedAt: now,
		}
	case err != nil:
		return nil, err
	}
	a := &attempt{p: p, rec: rec, game: engine.NewGame(p.Position)}
	if rec.PuzzleID != p.ID && !rec.Status.Over() {
		rec.PuzzleID = p.ID
		a.restart()
		return a, nil
	}
	for _, ms := range rec.Moves {
		m, err := engine.ParseMove(ms)
		if err == nil {
			a.events, err = a.game.Play(m)
		}
		if err != nil {
			return nil, fmt.Errorf("puzzle attempt %s/%s/%s: move %q: %w", rec.Platform, rec.UserID, rec.Date, ms, err)
		}
	}
	return a, nil
}

// mutateAttempt runs fn on the requester's attempt at p and stores the
// result, retrying from a fresh read when another request changed the
// attempt in between. fn must check everything against the attempt it is
// given; its errors are returned as they are, except errUnchanged, which
// returns the attempt unwritten. It returns the stored attempt.
func (s *session) mutateAttempt(p puzzle.Puzzle, fn func(a *attempt) error) (*attempt, error) {
	for try := 0; ; try++ {
		a, err := s.loadAttempt(p)
		if err != nil {
			return nil, err
		}
		if err := fn(a); err != nil {
			if errors.Is(err, errUnchanged) {
				return a, nil
			}
			return nil, err
		}
		a.rec.UpdatedAt, a.rec.Name = s.b.now(), s.displayName()
		err = s.b.cfg.Store.PutPuzzleAttempt(s.ctx, a.rec)
		if err == nil {
			return a, nil
		}
		if !errors.Is(err, store.ErrConflict) || try == 2 {
			return nil, err
		}
	}
}

// displayName is how leaderboards show the requesting user: as games and
// the ratings' leaderboard do (s.mention: "@alice" on Telegram and in the
// terminal), so that the puzzle's leaderboard names people the same way.
func (s *session) displayName() string {
	if m := s.mention(); m != "" {
		return m
	}
	return s.req.User.ID
}

// puzzleDays says when a solitaire (Tchuka Ruma) is the daily puzzle:
// today ("send /puzzle"), or on which weekdays, the next date, and what
// today's puzzle is instead; "" for a variant that never is.
func (s *session) puzzleDays(variant string) string {
	if v, err := engine.Lookup(variant); err != nil || v.Players != 1 {
		return "" // a game played in channels: its rules need not say when it is the puzzle
	}
	now := s.b.now().UTC()
	days := puzzle.Days(variant)
	if len(days) == 0 {
		return ""
	}
	name := locales.VariantName(s.lang, variant)
	if puzzle.VariantOn(now) == variant {
		return s.t("solitaire_today", map[string]any{"Variant": name})
	}
	every := strings.Split(s.t("weekday_every", nil), "|")
	var list []string
	for _, d := range days {
		if int(d) < len(every) {
			list = append(list, every[d])
		}
	}
	when := list[len(list)-1]
	if len(list) > 1 {
		when = s.t("list_and", map[string]any{"A": strings.Join(list[:len(list)-1], ", "), "B": when})
	}
	next := now
	for i := 1; i <= 7; i++ {
		if next = now.AddDate(0, 0, i); puzzle.VariantOn(next) == variant {
			break
		}
	}
	return s.t("solitaire_days", map[string]any{"Variant": name, "Days": when,
		"Date": s.date(next.Format(time.DateOnly)), "Today": locales.VariantName(s.lang, puzzle.VariantOn(now))})
}

// today returns the puzzle of the bot's current UTC day.
func (s *session) today() (puzzle.Puzzle, error) {
	return puzzle.ForDate(s.b.now())
}

// puzzle answers "puzzle [answer MOVES... | MOVES... | giveup | retry |
// streak | top [global]]".
func (s *session) puzzle(args []string) ([]Reply, error) {
	p, err := s.today()
	if err != nil {
		return nil, err
	}
	if len(args) == 0 {
		return s.puzzlePost(p)
	}
	switch strings.ToLower(args[0]) {
	case "streak", "stats":
		return s.puzzleStreak(p)
	case "top", "leaderboard":
		if len(args) == 1 {
			return s.puzzleTop(p, false)
		}
		if len(args) == 2 && (strings.EqualFold(args[1], "global") || strings.EqualFold(args[1], "all")) {
			return s.puzzleTop(p, true)
		}
		return nil, refuse("err_puzzle_usage", nil)
	case "giveup", "give-up", "surrender", "reveal":
		return s.puzzleGiveUp(p)
	case "give":
		if len(args) == 2 && strings.EqualFold(args[1], "up") {
			return s.puzzleGiveUp(p)
		}
		return nil, refuse("err_puzzle_usage", nil)
	case "retry", "again":
		return s.puzzleRetry(p, nil)
	case "answer", "check":
		args = args[1:]
		if len(args) == 0 {
			return nil, refuse("err_puzzle_usage", nil)
		}
	}
	return s.puzzleAnswer(p, args)
}

// puzzleButton handles a puzzle button: a pit, "Try again" or "Give up".
func (s *session) puzzleButton(d buttonData) ([]Reply, error) {
	day, ok := buttonDay(d.gameID)
	if !ok {
		return nil, errStale
	}
	p, err := s.today()
	if err != nil {
		return nil, err
	}
	switch {
	case day < p.Date:
		post := s.puzzlePostReply(p)
		post.Text = s.t("puzzle_expired", map[string]any{"Date": s.date(day)}) + "\n\n" + post.Text
		post.Private = true
		return []Reply{post}, nil
	case day > p.Date:
		return nil, errStale
	}
	switch d.action {
	case actionPuzzleMove:
		return s.puzzleMove(p, d)
	case actionPuzzleRetry:
		return s.puzzleRetry(p, &d)
	}
	return s.puzzleGiveUp(p)
}

// puzzlePost shows today's puzzle in the channel, and tells the requester
// privately where they are with it: the try in progress, or that they are
// done for the day.
func (s *session) puzzlePost(p puzzle.Puzzle) ([]Reply, error) {
	// The post is public: the channel's language (see table.go).
	replies := []Reply{inLang(s, s.newTableLang(), func() Reply { return s.puzzlePostReply(p) })}
	rec, err := s.b.cfg.Store.PuzzleAttempt(s.ctx, s.req.Platform, s.req.User.ID, p.Date)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return replies, nil
	case err != nil:
		return nil, err
	case rec.Status.Over():
		done, err := s.puzzleDone(p)
		if err != nil {
			return nil, err
		}
		return append(replies, done...), nil
	case len(rec.Moves) > 0:
		a, err := s.loadAttempt(p)
		if err != nil {
			return nil, err
		}
		return append(replies, s.attemptReply(a, s.t("puzzle_your_try", map[string]any{"Moves": strings.Join(a.rec.Moves, " ")}))), nil
	}
	return replies, nil
}

// puzzlePostReply is the public post of p: title, goal, how to answer, the
// board and buttons that anyone may press (version 0: "from the start").
func (s *session) puzzlePostReply(p puzzle.Puzzle) Reply {
	kind, how := "puzzle_kind_best_move", "puzzle_how_best_move"
	if p.Kind == puzzle.Solitaire {
		kind, how = "puzzle_kind_solitaire", "puzzle_how_solitaire"
	}
	text := s.t("puzzle_title", map[string]any{
		"Date": s.date(p.Date), "Variant": s.puzzleVariant(p), "Kind": s.t(kind, nil), "Difficulty": p.Difficulty,
	}) + "\n" + s.goalText(p) + "\n" + s.t(how, map[string]any{"Count": maxPuzzleTries})
	b := s.puzzleBoard(p.Position, nil)
	b.Buttons = append(puzzleMoveButtons(p, p.Position, 0), []Button{s.giveUpButton(p, 0)})
	return Reply{Text: text, Board: b}
}

// puzzleVariant is the variant's localized name, with the options that
// differ from its defaults.
func (s *session) puzzleVariant(p puzzle.Puzzle) string {
	return s.variantTitle(&store.Game{Variant: p.Variant, Options: p.Options})
}

// goalText says the puzzle's goal in the session's language, from its
// GoalKey and GoalArgs (p.Goal, in English, for a key the catalog lacks).
func (s *session) goalText(p puzzle.Puzzle) string {
	args := map[string]any{}
	for k, v := range p.GoalArgs {
		args[strings.ToUpper(k[:1])+k[1:]] = v
	}
	for _, k := range []string{"Side", "Opponent"} {
		if side, ok := args[k].(string); ok {
			args[k] = s.t("side_"+side, nil)
		}
	}
	key := strings.ReplaceAll(p.GoalKey, ".", "_")
	if n, _ := p.GoalArgs["n"].(int); p.GoalKey == puzzle.GoalForcedWin && n <= 1 {
		key += "_1"
	}
	text := s.t(key, args)
	if text == key {
		return p.Goal
	}
	if n, _ := p.GoalArgs["moves"].(int); n > 1 {
		text += " " + s.t("puzzle_goal_turn", args)
	}
	return text
}

// puzzleBoard is a board without buttons: the image (when the bot draws
// them) and the text board.
func (s *session) puzzleBoard(pos engine.Position, events []engine.Event) *Board {
	b := &Board{Text: s.positionText(locales.VariantName(s.lang, pos.Rules().Variant().ID), pos, nil)}
	if s.b.cfg.Render != nil {
		var png []byte
		err := s.timed(RenderBoard, func() (err error) {
			png, err = s.b.cfg.Render(pos, render.Options{Events: events})
			return err
		})
		if err != nil {
			s.b.log.ErrorContext(s.ctx, "render failed", "puzzle", true, "err", err)
		} else {
			b.PNG = png
		}
	}
	return b
}

// attemptReply shows the requester their try: the board after their last
// move, and the buttons to go on (or to try again).
func (s *session) attemptReply(a *attempt, text string) Reply {
	b := s.puzzleBoard(a.game.Position(), a.events)
	b.Version = a.rec.Version
	if a.dead() {
		retry := buttonData{action: actionPuzzleRetry, gameID: dayNumber(a.p.Date), version: a.rec.Version}
		b.Buttons = [][]Button{{{Label: s.t("btn_puzzle_retry", nil), Data: retry.String()}, s.giveUpButton(a.p, a.rec.Version)}}
	} else {
		b.Buttons = append(puzzleMoveButtons(a.p, a.game.Position(), a.rec.Version), []Button{s.giveUpButton(a.p, a.rec.Version)})
	}
	return Reply{Text: strings.TrimSpace(text), Board: b, Private: true}
}

func (s *session) giveUpButton(p puzzle.Puzzle, version int64) Button {
	d := buttonData{action: actionPuzzleGiveUp, gameID: dayNumber(p.Date), version: version}
	return Button{Label: s.t("btn_puzzle_give_up", nil), Data: d.String()}
}

// puzzleMoveButtons are one button per legal move of pos, labelled with
// the pit as in games and ordered as on the board image, in rows of at
// most five.
func puzzleMoveButtons(p puzzle.Puzzle, pos engine.Position, version int64) [][]Button {
	l := pos.Rules().Layout()
	moves := pos.Moves()
	sort.SliceStable(moves, func(i, j int) bool {
		return moveCol(l, pos, moves[i]) < moveCol(l, pos, moves[j])
	})
	var rows [][]Button
	var row []Button
	for _, m := range moves {
		d := buttonData{action: actionPuzzleMove, gameID: dayNumber(p.Date), version: version, arg: m.String()}
		row = append(row, Button{Label: m.String(), Data: d.String()})
		if len(row) == 5 {
			rows, row = append(rows, row), nil
		}
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return rows
}

// puzzleMove plays a pressed pit on the presser's attempt. A press on the
// public post (version 0) starts from the puzzle's position: it is taken
// when the presser has no move in the current try yet, or their try is
// over (it then starts the next one); any other press must come from
// their latest board (its version).
func (s *session) puzzleMove(p puzzle.Puzzle, d buttonData) ([]Reply, error) {
	var v verdict
	a, err := s.mutateAttempt(p, func(a *attempt) error {
		if a.rec.Status.Over() {
			return errAttemptOver
		}
		switch {
		case d.version == 0 && a.dead():
			a.newTry()
		case d.version == 0 && len(a.rec.Moves) == 0:
		case d.version != a.rec.Version:
			return errStale
		}
		if a.dead() {
			return refuse("err_puzzle_try_over", nil)
		}
		m, err := engine.ParseMove(d.arg)
		if err != nil {
			return refuse("err_bad_pit", map[string]any{"Pit": d.arg})
		}
		v, err = a.play(m, s.b.now())
		return err
	})
	if errors.Is(err, errAttemptOver) {
		return s.puzzleDone(p)
	}
	if err != nil {
		return nil, err
	}
	return s.afterMoves(a, v)
}

// puzzleAnswer checks a typed answer ("3 4", "3,4"): it is played from
// the puzzle's position as the current try (in place of the moves of a try
// in progress; after a try that ended, as the next try), move by move as if
// pressed, each judged by puzzle.Check; moves after one that ends the try
// are not played. Text that is not a move, an illegal move and moves after
// the puzzle is solved are refused, and nothing changes.
func (s *session) puzzleAnswer(p puzzle.Puzzle, answer []string) ([]Reply, error) {
	var moves []engine.Move
	for _, a := range answer {
		for _, f := range strings.FieldsFunc(a, func(r rune) bool { return r == ',' || r == ' ' }) {
			m, err := engine.ParseMove(f)
			if err != nil {
				return nil, refuse("err_puzzle_malformed", map[string]any{"Move": f})
			}
			moves = append(moves, m)
		}
	}
	if len(moves) == 0 {
		return nil, refuse("err_puzzle_usage", nil)
	}
	var v verdict
	a, err := s.mutateAttempt(p, func(a *attempt) error {
		if a.rec.Status.Over() {
			return errAttemptOver
		}
		if a.dead() {
			a.newTry()
		} else {
			a.restart()
		}
		for i, m := range moves {
			if i > 0 && v != goOn {
				if v == solvedIt {
					return refuse(tooManyKey(p), map[string]any{"Count": i})
				}
				break // the try ended with the move before: the rest is not played
			}
			var err error
			if v, err = a.play(m, s.b.now()); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, errAttemptOver) {
		return s.puzzleDone(p)
	}
	if err != nil {
		return nil, err
	}
	return s.afterMoves(a, v)
}

func tooManyKey(p puzzle.Puzzle) string {
	if p.Kind == puzzle.Solitaire {
		return "err_puzzle_too_many_solitaire"
	}
	return "err_puzzle_too_many_turn"
}

// afterMoves shows the attempt after the moves just played.
func (s *session) afterMoves(a *attempt, v verdict) ([]Reply, error) {
	last := a.last
	switch v {
	case solvedIt:
		return s.puzzleSolved(a)
	case stuck:
		return []Reply{s.attemptReply(a, s.t("puzzle_stuck", map[string]any{"Pit": stoppedAt(a)}))}, nil
	case wrongTry:
		left := maxPuzzleTries - a.rec.Tries + 1
		return []Reply{s.attemptReply(a, s.t("puzzle_wrong_try", map[string]any{"Move": last, "Count": left}))}, nil
	case outOfTries:
		text := s.t("puzzle_out_of_tries", map[string]any{"Move": last})
		return s.puzzleReveal(a, text, false)
	}
	if a.p.Kind == puzzle.Solitaire {
		return []Reply{s.attemptReply(a, s.t("puzzle_go_on_solitaire", map[string]any{
			"Seeds": a.game.Position().PitSeeds(engine.South),
		}))}, nil
	}
	return []Reply{s.attemptReply(a, s.t("puzzle_go_on_turn", map[string]any{"Moves": strings.Join(a.rec.Moves, " ")}))}, nil
}

// stoppedAt is the pit where the last sowing of a stuck solitaire ended.
func stoppedAt(a *attempt) int {
	l := a.p.Position.Rules().Layout()
	for i := len(a.events) - 1; i >= 0; i-- {
		if e := a.events[i]; e.Kind == engine.EventSow {
			return l.Cells[e.Cell].Pit
		}
	}
	return 0
}

// puzzleRetry starts the next try of a solitaire: from its latest board's
// "Try again" (d, checked against the attempt's version) or typed. With no
// move in the current try, or in a best-move puzzle (whose wrong tries
// start over by themselves), it only shows the board again.
func (s *session) puzzleRetry(p puzzle.Puzzle, d *buttonData) ([]Reply, error) {
	a, err := s.mutateAttempt(p, func(a *attempt) error {
		if a.rec.Status.Over() {
			return errAttemptOver
		}
		if d != nil && d.version != a.rec.Version {
			return errStale
		}
		if p.Kind != puzzle.Solitaire || len(a.rec.Moves) == 0 {
			return errUnchanged
		}
		a.newTry()
		return nil
	})
	if errors.Is(err, errAttemptOver) {
		return s.puzzleDone(p)
	}
	if err != nil {
		return nil, err
	}
	return []Reply{s.attemptReply(a, s.t("puzzle_new_try", map[string]any{"Try": a.rec.Tries}))}, nil
}

// puzzleGiveUp ends the requester's attempt unsolved and reveals the
// answer. It is taken from any of the day's boards.
func (s *session) puzzleGiveUp(p puzzle.Puzzle) ([]Reply, error) {
	a, err := s.mutateAttempt(p, func(a *attempt) error {
		if a.rec.Status.Over() {
			return errAttemptOver
		}
		a.rec.Status, a.rec.FinishedAt = store.PuzzleGaveUp, s.b.now()
		return nil
	})
	if errors.Is(err, errAttemptOver) {
		return s.puzzleDone(p)
	}
	if err != nil {
		return nil, err
	}
	return s.puzzleReveal(a, s.t("puzzle_gave_up", nil), false)
}

// puzzleSolved answers the move that solved the puzzle: privately the
// board and the explanation, publicly a congratulation without the
// answer.
func (s *session) puzzleSolved(a *attempt) ([]Reply, error) {
	st, err := s.b.cfg.Store.PuzzleStreak(s.ctx, s.req.Platform, s.req.User.ID, a.p.Date)
	if err != nil {
		return nil, err
	}
	text := s.t("puzzle_solved_you", map[string]any{"Count": a.rec.Tries, "Streak": st.Current})
	replies, err := s.puzzleReveal(a, text, true)
	if err != nil {
		return nil, err
	}
	congrats := inLang(s, s.newTableLang(), func() string {
		return s.t("puzzle_congrats", map[string]any{"Player": s.mention(), "Count": a.rec.Tries, "Streak": st.Current})
	})
	return append(replies, Reply{Text: congrats}), nil
}

// puzzleReveal is the private reply that ends an attempt: text, the
// answer and why it is right, and the board: after the requester's own
// last move when they solved it, else after the answer.
func (s *session) puzzleReveal(a *attempt, text string, solved bool) ([]Reply, error) {
	pos, events := a.game.Position(), a.events
	if !solved {
		g := engine.NewGame(a.p.Position)
		events = nil
		for _, m := range a.p.Moves() {
			ev, err := g.Play(m)
			if err != nil {
				return nil, fmt.Errorf("puzzle %s: answer: %w", a.p.ID, err)
			}
			events = ev
		}
		pos = g.Position()
	}
	lines := []string{text, s.explainText(a.p), s.nextPuzzleText()}
	b := s.puzzleBoard(pos, events)
	b.Version = a.rec.Version
	return []Reply{{Text: strings.Join(lines, "\n"), Board: b, Private: true}}, nil
}

// puzzleDone tells the requester privately that they are done with
// today's puzzle: how it ended, their streak, when the next one comes.
func (s *session) puzzleDone(p puzzle.Puzzle) ([]Reply, error) {
	rec, err := s.b.cfg.Store.PuzzleAttempt(s.ctx, s.req.Platform, s.req.User.ID, p.Date)
	if err != nil {
		return nil, err
	}
	st, err := s.b.cfg.Store.PuzzleStreak(s.ctx, s.req.Platform, s.req.User.ID, p.Date)
	if err != nil {
		return nil, err
	}
	key := "puzzle_done_solved"
	switch rec.Status {
	case store.PuzzleFailed:
		key = "puzzle_done_failed"
	case store.PuzzleGaveUp:
		key = "puzzle_done_gave_up"
	}
	text := s.t(key, map[string]any{"Count": rec.Tries}) + " " +
		s.t("puzzle_streak_now", map[string]any{"Streak": st.Current}) + "\n" + s.nextPuzzleText()
	return []Reply{{Text: text, Private: true}}, nil
}

// nextPuzzleText says when the next puzzle comes: at the next midnight UTC.
func (s *session) nextPuzzleText() string {
	now := s.b.now()
	next := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, time.UTC)
	left := next.Sub(now)
	if left >= time.Hour {
		return s.t("puzzle_next_hours", map[string]any{"Count": int((left + time.Hour/2) / time.Hour)})
	}
	return s.t("puzzle_next_minutes", map[string]any{"Count": max(1, int((left+time.Minute-1)/time.Minute))})
}

// puzzleStreak shows the requester's streak, best streak and total.
func (s *session) puzzleStreak(p puzzle.Puzzle) ([]Reply, error) {
	st, err := s.b.cfg.Store.PuzzleStreak(s.ctx, s.req.Platform, s.req.User.ID, p.Date)
	if err != nil {
		return nil, err
	}
	return []Reply{{Text: s.t("puzzle_streak", map[string]any{
		"Player": s.displayName(), "Streak": st.Current, "Best": st.Best, "Solved": st.Solved,
	})}}, nil
}

// puzzleTop shows the puzzle leaderboard of the channel (attempts started
// here), or of the whole platform.
func (s *session) puzzleTop(p puzzle.Puzzle, global bool) ([]Reply, error) {
	channel, header := s.req.Channel, "puzzle_top_header"
	if global {
		channel, header = "", "puzzle_top_global_header"
	}
	rs, err := s.b.cfg.Store.PuzzleLeaderboard(s.ctx, s.req.Platform, channel, p.Date, 10)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString(s.t(header, nil))
	for i, r := range rs {
		fmt.Fprintf(&b, "\n%d. %s", i+1, s.t("puzzle_top_line", map[string]any{
			"Player": r.Name, "Solved": r.Solved, "Streak": r.Streak, "Tries": r.Tries,
		}))
	}
	if len(rs) == 0 {
		b.WriteString("\n" + s.t("puzzle_top_empty", nil))
	}
	return []Reply{{Text: b.String()}}, nil
}

// date writes a UTC day ("2026-11-23") in the session's language
// ("23 ноября 2026 г."); anything else is returned as it is.
func (s *session) date(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	months := strings.Fields(s.t("month_names", nil))
	if len(months) != 12 {
		return day
	}
	return s.t("date_format", map[string]any{"Day": t.Day(), "Month": months[t.Month()-1], "Year": t.Year()})
}
