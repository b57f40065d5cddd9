package engine

// Game is a position with the history that led to it. It applies the rules
// that need that history: a position occurring for the
// [Rules.RepetitionLimit]-th time ends the game (Oware: the third time, or
// the second with repetition=first). The bot and the command-line tool play
// through a Game.
type Game struct {
	positions []Position // positions[i] is the position after i moves
	moves     []Move
	seen      map[key]int // occurrences, for variants with a repetition rule
	counted   []counted   // counted[i]: the keys move i added to seen
}

// counted lists the keys one move added to Game.seen, for Undo: the
// position it led to, and after a repetition that only ended a round
// (namnam) the new round's first position too.
type counted struct {
	k [2]key
	n uint8
}

// NewGame starts a game at p, which counts as its first occurrence.
func NewGame(p Position) *Game {
	g := &Game{positions: []Position{p}}
	if p.rules.RepetitionLimit() > 0 {
		g.seen = map[key]int{p.key(): 1}
	}
	return g
}

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Start returns the position the game started from.
func (g *Game) Start() Position { return g.positions[0] }

// Moves returns the moves played so far.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Positions returns the position after each move, the start first.
func (g *Game) Positions() []Position { return append([]Position(nil), g.positions...) }

// Play applies m and returns its events. The error is an *IllegalMoveError
// when m is not legal; the game is then unchanged.
func (g *Game) Play(m Move) ([]Event, error) {
	p, ev, err := g.Position().PlayEvents(m)
	if err != nil {
		return nil, err
	}
	var c counted
	if g.seen != nil && p.status == Ongoing {
		k := p.key()
		g.seen[k]++
		c.k[0], c.n = k, 1
		if g.seen[k] >= p.rules.RepetitionLimit() {
			p.endByRepetition(&ev)
			if p.status == Ongoing { // only the round ended (namnam): a new round's first position
				g.seen[p.key()]++
				c.k[1], c.n = p.key(), 2
			}
		}
	}
	g.positions = append(g.positions, p)
	g.moves = append(g.moves, m)
	g.counted = append(g.counted, c)
	return ev, nil
}

// Leave takes seat s out of the game (see [Position.Leave]): the current
// position is replaced by the one after the seat left, and no move is
// recorded (Moves and Positions keep their lengths; Undo then takes back
// the last move and the leave with it). The error is Position.Leave's; the
// game is then unchanged.
func (g *Game) Leave(s Side) ([]Event, error) {
	p, ev, err := g.Position().Leave(s)
	if err != nil {
		return nil, err
	}
	g.positions[len(g.positions)-1] = p
	return ev, nil
}

// Undo takes back the last move. It reports false when there is none.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	c := g.counted[len(g.counted)-1]
	for _, k := range c.k[:c.n] {
		if g.seen[k] > 1 {
			g.seen[k]--
		} else {
			delete(g.seen, k)
		}
	}
	g.positions = g.positions[:len(g.positions)-1]
	g.moves = g.moves[:len(g.moves)-1]
	g.counted = g.counted[:len(g.counted)-1]
	return true
}
