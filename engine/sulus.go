package engine

// Sulus (id "sulus"): Sulus-aydi, Sulus-nishtav and Lame, as
// docs/sources/more-games-rules.md section 9 writes it (rule numbers in
// brackets; the seed text is docs/sources/seed-000.md#line-265 (000:265-270)).
// Rating: faithful, with one substitution (aydi's simultaneous opening, see
// rule 5). The rules type is Selus's (selus.go) without captures.
//
// Board: the three-row board of layout3.go, as Selus (9 pits a side, the
// 18-pit sowing path South 1..9, North 1..9). The stores are drawn but
// always hold 0.
//
// Option `rule`: "aydi" (default), "nishtav", or "lame", an alias of
// nishtav (the seeds tell Lame from Sulus-nishtav by the name only).
//
//   - [1] 3 seeds in every pit, 54 in all. South moves first.
//   - [2] A move starts from a non-empty pit of one's own 9 that is not a
//     trap (TrapPit); relay sowing along the 18-pit path, the origin not
//     skipped; seeds sown into traps stay there, and nobody ever moves
//     from a trap.
//   - [3] The last seed of a lap falls into pit P: P is a trap, the seed
//     stays and the move ends; P was empty, the move ends; P now holds 4
//     (held 3), P is on the opponent's side and the mover has completed
//     his first move: P becomes a trap and the move ends. The trap's
//     owner is the mover with rule=aydi, the owner of that side (the
//     opponent) with rule=nishtav or lame. Otherwise P is relayed (a 4 on
//     one's own side always relays, as does any 4 during the mover's
//     first move).
//   - [4] No captures; the stores stay 0.
//   - [5] No trap during each player's first move. The source's aydi has
//     both players sow their first relay at once, the first to finish
//     starting; that cannot be reproduced, so aydi uses the nishtav
//     opening [choice].
//   - [C4] A move whose relay would never end is illegal (NeverEnding).
//   - [6] As Selus rules 4-6: a player who cannot move passes (no ply);
//     the game ends when neither can (EndNoMoves); a player's score is
//     the seeds in the traps he owns plus the seeds in his own pits that
//     are not traps; the higher score wins, equal is a draw; nothing is
//     swept. The third occurrence of a position ends the game with the
//     same scoring (EndRepetition).
//
// Position JSON: as Selus: extra = {"wegue": {"south": [9 x
// ""|"south"|"north"], "north": [...]}, "opening": {"south": bool,
// "north": bool}}. With rule=aydi a trap on side x's pits belongs to the
// other side (its maker), with nishtav to x; setExtra refuses any other.
//
// Events: pickup, sow, relay, trap (a trap made, Side its owner), pass
// (the side due to move cannot, and the other moves instead); at the end,
// end.
func init() {
	register(&Variant{
		ID: "sulus", Name: "Sulus", Players: 2, BoardBytes: LargeBoardBytes,
		Order: 160, Aliases: []string{"sulus-aydi"},
		Options: []OptionSpec{
			{Name: "rule", Kind: EnumOption, Default: "aydi", Values: []string{"aydi", "nishtav", "lame"},
				Doc: "a trap belongs to the player who made it (aydi), or to the owner of the side it is on (nishtav; lame is the same game)"},
		},
		build: func(v *Variant, o Options) (Rules, error) {
			return &wegueRules{base: base{variant: v, opts: o, layout: threeRowLayout()},
				toOwner: o["rule"] != "aydi"}, nil
		},
	})
}
