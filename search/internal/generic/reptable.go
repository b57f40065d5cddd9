package generic

// repTable counts the occurrences of positions on the search's line and in
// the game's history, for the repetition rule. It does what a
// map[pkey]int32 would, faster at the search's pace of an increment and a
// decrement at nearly every node: open addressing with linear probing on
// the key's A word, and deletion by shifting the run back, so that no
// tombstones build up over a search.
type repTable struct {
	keys   []pkey
	counts []int32 // 0: the slot is free
	used   int
}

// newRepTable returns an empty table.
func newRepTable() *repTable {
	return &repTable{keys: make([]pkey, 256), counts: make([]int32, 256)}
}

// slot returns the index of k's slot, or of the free slot where k would go.
func (t *repTable) slot(k pkey) int {
	mask := len(t.keys) - 1
	i := int(k.A) & mask
	for t.counts[i] != 0 && t.keys[i] != k {
		i = (i + 1) & mask
	}
	return i
}

// get returns k's count (0 if absent).
func (t *repTable) get(k pkey) int32 {
	return t.counts[t.slot(k)]
}

// inc adds an occurrence of k and returns its new count.
func (t *repTable) inc(k pkey) int32 {
	if 2*(t.used+1) > len(t.keys) {
		t.grow()
	}
	i := t.slot(k)
	if t.counts[i] == 0 {
		t.keys[i] = k
		t.used++
	}
	t.counts[i]++
	return t.counts[i]
}

// dec removes an occurrence of k (which must have one) and returns its new
// count; at 0 the slot is freed and the run after it shifted back.
func (t *repTable) dec(k pkey) int32 {
	i := t.slot(k)
	if t.counts[i] == 0 {
		return 0
	}
	t.counts[i]--
	if n := t.counts[i]; n > 0 {
		return n
	}
	t.used--
	mask := len(t.keys) - 1
	// Backward-shift deletion: move each later entry of the run into the
	// hole when its home slot does not lie between the hole and it.
	hole := i
	for j := (i + 1) & mask; t.counts[j] != 0; j = (j + 1) & mask {
		home := int(t.keys[j].A) & mask
		if (j-home)&mask >= (j-hole)&mask {
			t.keys[hole], t.counts[hole] = t.keys[j], t.counts[j]
			t.counts[j] = 0
			hole = j
		}
	}
	return 0
}

// grow doubles the table.
func (t *repTable) grow() {
	keys, counts := t.keys, t.counts
	t.keys, t.counts, t.used = make([]pkey, 2*len(keys)), make([]int32, 2*len(keys)), 0
	for i, c := range counts {
		if c != 0 {
			j := t.slot(keys[i])
			t.keys[j], t.counts[j] = keys[i], c
			t.used++
		}
	}
}
