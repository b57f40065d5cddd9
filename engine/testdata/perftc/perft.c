/*
 * perftc: a plain copy-make perft in C, the speed baseline of the Go engine's
 * PerftFull (`mancala perft VARIANT DEPTH --full`). See README.md.
 *
 * Every move of every ply is played, the last ply's too, on a copy of the
 * position. Sowing goes seed by seed, as the rules describe it; nothing is
 * tuned. Variants, default options only:
 *
 *   kalah  Kalah(6,4): own store sown, the opponent's skipped; a last seed in
 *          the own store moves again (a ply of its own); a last seed in an
 *          own empty pit takes the facing pit with itself if that has seeds;
 *          the game ends when either side's pits are empty, each side taking
 *          its own seeds.
 *   oware  Oware(4): 12 or more seeds skip the emptied pit; a last seed that
 *          makes 2 or 3 in an opponent's pit captures it and the pits before
 *          it with 2 or 3 (a grand slam captures too); a starving opponent
 *          must be fed if a move can; more than 24 seeds wins, 24-24 draws;
 *          no legal move ends the game, each side taking its own seeds.
 *          The third-repetition rule is left out: from the start no position
 *          recurs within the depths this baseline is run to (the Go test
 *          checks the counts agree).
 *   togyz  Togyz Kumalak: the first seed back into the emptied pit (a single
 *          seed moves on); a last seed that makes an opponent's pit even
 *          captures it; one that makes it 3 makes a tuzdyk (one a player, not
 *          the ninth pit, not the number of the opponent's tuzdyk), whose
 *          seeds go to its owner's kazan; more than 81 wins, 81-81 draws; a
 *          player to move without seeds ends the game, the opponent taking
 *          the seeds on his side.
 *
 * Usage: perftc VARIANT DEPTH [SIDE CELL... [TUZDYK TUZDYK]]
 * From the start, or from the position given: the side to move (0 South,
 * 1 North), the seeds of every cell in the engine's layout (South's pits,
 * South's store, North's pits, North's store) and, for togyz, the cell of
 * each side's tuzdyk (-1: none). The position must be a game still on.
 * Prints "depth d: N" for d = 1..DEPTH, then the leaves of all depths and
 * their rate, as `mancala perft VARIANT DEPTH --full` does.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
	uint8_t pits[18]; /* South's pits first, then North's, in sowing order */
	uint8_t store[2];
	int8_t tuzdyk[2]; /* togyz: the pit index that is side s's tuzdyk, or -1 */
	uint8_t to_move;  /* 0 South, 1 North */
	uint8_t over;
} Pos;

/* ---- Kalah(6,4): cells 0..5 South's pits, 6 South's store, 7..12
 * North's pits, 13 North's store. ---- */

typedef struct {
	uint8_t cells[14];
	uint8_t to_move;
	uint8_t over;
} Kalah;

static void kalah_play(Kalah *k, int pit)
{
	int me = k->to_move;
	int own = me == 0 ? 6 : 13, skip = me == 0 ? 13 : 6;
	int c = me == 0 ? pit : 7 + pit;
	int s = k->cells[c];
	k->cells[c] = 0;
	while (s > 0) {
		if (++c == 14)
			c = 0;
		if (c == skip)
			continue;
		k->cells[c]++;
		s--;
	}
	int mine = me == 0 ? (c < 6) : (c > 6 && c < 13);
	if (mine && k->cells[c] == 1 && k->cells[12 - c] > 0) {
		k->cells[own] += k->cells[12 - c] + 1;
		k->cells[12 - c] = 0;
		k->cells[c] = 0;
	}
	if (c != own)
		k->to_move = 1 - me;
	int south = 0, north = 0;
	for (int i = 0; i < 6; i++) {
		south += k->cells[i];
		north += k->cells[7 + i];
	}
	if (south == 0 || north == 0) {
		for (int i = 0; i < 6; i++) {
			k->cells[6] += k->cells[i];
			k->cells[13] += k->cells[7 + i];
			k->cells[i] = k->cells[7 + i] = 0;
		}
		k->over = 1;
	}
}

static uint64_t kalah_perft(const Kalah *k, int depth)
{
	if (k->over)
		return 0;
	uint64_t n = 0;
	int first = k->to_move == 0 ? 0 : 7;
	for (int pit = 0; pit < 6; pit++) {
		if (k->cells[first + pit] == 0)
			continue;
		Kalah c = *k;
		kalah_play(&c, pit);
		n += depth == 1 ? 1 : kalah_perft(&c, depth - 1);
	}
	return n;
}

/* ---- Oware: pits 0..5 South's, 6..11 North's. ---- */

static int row_seeds(const uint8_t *pits, int side, int n)
{
	int sum = 0;
	for (int i = 0; i < n; i++)
		sum += pits[side * n + i];
	return sum;
}

/* oware_feeds: do s seeds sown from the mover's pit i (0..5) reach the
 * opponent's row? */
static int oware_feeds(int i, int s) { return s >= 6 - i; }

static void oware_play(Pos *p, int pit)
{
	int me = p->to_move, opp = 1 - me;
	int o = 6 * me + pit;
	int s = p->pits[o];
	p->pits[o] = 0;
	int at = o;
	while (s > 0) {
		if (++at == 12)
			at = 0;
		if (at == o)
			continue; /* the emptied pit is skipped */
		p->pits[at]++;
		s--;
	}
	/* Capture backwards from the last pit, within the opponent's row. */
	while (at >= 6 * opp && at < 6 * opp + 6 && (p->pits[at] == 2 || p->pits[at] == 3)) {
		p->store[me] += p->pits[at];
		p->pits[at] = 0;
		at--;
	}
	p->to_move = opp;

	/* The end: a majority, or the player to move without a legal move. */
	int mover = opp;
	int mine = row_seeds(p->pits, mover, 6), theirs = row_seeds(p->pits, 1 - mover, 6);
	int total = mine + theirs + p->store[0] + p->store[1];
	if (2 * p->store[0] > total || 2 * p->store[1] > total ||
	    (2 * p->store[0] == total && 2 * p->store[1] == total)) {
		p->over = 1;
		return;
	}
	if (mine > 0 && theirs > 0)
		return;
	if (mine > 0)
		for (int i = 0; i < 6; i++)
			if (oware_feeds(i, p->pits[6 * mover + i]))
				return;
	p->store[0] += row_seeds(p->pits, 0, 6);
	p->store[1] += row_seeds(p->pits, 1, 6);
	memset(p->pits, 0, sizeof p->pits);
	p->over = 1;
}

static uint64_t oware_perft(const Pos *p, int depth)
{
	if (p->over)
		return 0;
	int me = p->to_move;
	int starving = row_seeds(p->pits, 1 - me, 6) == 0;
	uint64_t n = 0;
	for (int i = 0; i < 6; i++) {
		int s = p->pits[6 * me + i];
		if (s == 0 || (starving && !oware_feeds(i, s)))
			continue;
		Pos c = *p;
		oware_play(&c, i);
		n += depth == 1 ? 1 : oware_perft(&c, depth - 1);
	}
	return n;
}

/* ---- Togyz Kumalak: pits 0..8 South's, 9..17 North's. ---- */

static void togyz_play(Pos *p, int pit)
{
	int me = p->to_move, opp = 1 - me;
	int at = 9 * me + pit;
	int s = p->pits[at];
	p->pits[at] = 0;
	if (s == 1 && ++at == 18)
		at = 0; /* a single seed moves on */
	for (int k = 0; k < s; k++) {
		if (k > 0 && ++at == 18)
			at = 0;
		if (at == p->tuzdyk[0])
			p->store[0]++;
		else if (at == p->tuzdyk[1])
			p->store[1]++;
		else
			p->pits[at]++;
	}
	if (at / 9 == opp && at != p->tuzdyk[me]) {
		int n = p->pits[at];
		int number = at % 9 + 1; /* in its owner's numbering */
		if (n % 2 == 0) {
			p->store[me] += n;
			p->pits[at] = 0;
		} else if (n == 3 && p->tuzdyk[me] < 0 && number != 9 &&
			   (p->tuzdyk[opp] < 0 || p->tuzdyk[opp] % 9 + 1 != number)) {
			p->tuzdyk[me] = at;
			p->store[me] += n;
			p->pits[at] = 0;
		}
	}
	p->to_move = opp;

	int south = row_seeds(p->pits, 0, 9), north = row_seeds(p->pits, 1, 9);
	int total = south + north + p->store[0] + p->store[1];
	if (2 * p->store[0] > total || 2 * p->store[1] > total ||
	    (2 * p->store[0] == total && 2 * p->store[1] == total)) {
		p->over = 1;
		return;
	}
	if ((opp == 0 ? south : north) == 0) {
		p->store[me] += me == 0 ? south : north;
		memset(p->pits, 0, sizeof p->pits);
		p->over = 1;
	}
}

static uint64_t togyz_perft(const Pos *p, int depth)
{
	if (p->over)
		return 0;
	uint64_t n = 0;
	for (int i = 0; i < 9; i++) {
		if (p->pits[9 * p->to_move + i] == 0)
			continue;
		Pos c = *p;
		togyz_play(&c, i);
		n += depth == 1 ? 1 : togyz_perft(&c, depth - 1);
	}
	return n;
}

/* ---- main ---- */

/* ncells: the cells of the engine's layout (pits and stores, South's row
 * first, each followed by its store). */
static int ncells(const char *v) { return !strcmp(v, "kalah") || !strcmp(v, "oware") ? 14 : 20; }

int main(int argc, char **argv)
{
	const char *v = argc > 1 ? argv[1] : "";
	int known = !strcmp(v, "kalah") || !strcmp(v, "oware") || !strcmp(v, "togyz");
	int n = known ? ncells(v) : 0;
	int extra = !strcmp(v, "togyz") ? 2 : 0; /* the tuzdyks */
	if (!known || (argc != 3 && argc != 4 + n + extra)) {
		fprintf(stderr, "usage: perftc kalah|oware|togyz DEPTH [SIDE CELL... [TUZDYK TUZDYK]]\n"
				"  from the start, or from the position given in the engine's cell order\n"
				"  (SIDE 0 South, 1 North to move; TUZDYK: the cell of each side's tuzdyk, -1 for none)\n");
		return 2;
	}
	int depth = atoi(argv[2]);
	if (depth < 1 || depth > 40) {
		fprintf(stderr, "perftc: want a depth of 1 to 40\n");
		return 2;
	}
	int cells[20];
	int side = 0, tuz[2] = {-1, -1};
	int pits = n / 2 - 1; /* a side's pits */
	for (int c = 0; c < n; c++)
		cells[c] = c % (pits + 1) == pits ? 0 : !strcmp(v, "togyz") ? 9 : 4;
	if (argc > 3) {
		side = atoi(argv[3]);
		for (int c = 0; c < n; c++)
			cells[c] = atoi(argv[4 + c]);
		for (int i = 0; i < extra; i++)
			tuz[i] = atoi(argv[4 + n + i]);
	}
	Kalah k = {0};
	Pos p = {0};
	k.to_move = p.to_move = side;
	for (int c = 0; c < n; c++) {
		if (n == 14)
			k.cells[c] = cells[c];
		if (c % (pits + 1) == pits)
			p.store[c / (pits + 1)] = cells[c];
		else
			p.pits[c - c / (pits + 1)] = cells[c];
	}
	for (int s = 0; s < 2; s++) /* a cell to a pit index */
		p.tuzdyk[s] = tuz[s] < 0 ? -1 : tuz[s] - tuz[s] / (pits + 1);

	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	uint64_t total = 0;
	for (int d = 1; d <= depth; d++) {
		uint64_t leaves = !strcmp(v, "kalah") ? kalah_perft(&k, d)
				  : !strcmp(v, "oware") ? oware_perft(&p, d)
							: togyz_perft(&p, d);
		total += leaves;
		printf("depth %d: %llu\n", d, (unsigned long long)leaves);
		fflush(stdout);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	if (secs < 1e-9)
		secs = 1e-9;
	printf("%llu leaves in %.3f s: %llu leaves/s\n", (unsigned long long)total, secs,
	       (unsigned long long)(total / secs));
	return 0;
}
