package engine

// fourRowLayout is the board of the four-row games (Bao) with n pits in each
// row, and no stores. Each side owns its two nearest rows (C3 of the Bao
// rules): pits 1..n are its front (inner) row and n+1..2n its back row, both
// numbered from the owner's left, so pit n+k is directly behind pit k. Front
// pit i faces the opponent's front pit n+1-i.
//
// Cells 0..2n-1 are South's pits 1..2n and cells 2n..4n-1 North's pits
// 1..2n. Drawn from South's seat, the rows are, from the top: North's back
// row, North's front row, South's front row, South's back row; South's rows
// read left to right, North's right to left.
func fourRowLayout(n int) *Layout {
	l := &Layout{Sides: 2, Pits: 2 * n, Rows: 4, Cols: n}
	for _, s := range []Side{South, North} {
		for pit := 1; pit <= 2*n; pit++ {
			col, row := pit-1, 2 // South's front row
			if pit > n {
				col, row = pit-n-1, 3 // South's back row, pit n+k behind pit k
			}
			if s == North {
				col, row = n-1-col, 3-row
			}
			l.Cells = append(l.Cells, CellInfo{Owner: s, Kind: PitCell, Pit: pit, Row: row, Col: col})
		}
	}
	return l.index()
}
