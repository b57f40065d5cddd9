package locales

import "testing"

// TestAgoPlurals: the durations of "games" after "ago", hand-checked: the
// accusative in Russian and Polish (1 минуту, 1 minutę, 1 godzinę).
func TestAgoPlurals(t *testing.T) {
	cases := []struct {
		l     Lang
		key   string
		count int
		want  string
	}{
		{EN, "ago_minutes", 1, "1 minute"}, {EN, "ago_minutes", 5, "5 minutes"}, {EN, "ago_days", 2, "2 days"},
		{RU, "ago_minutes", 1, "1 минуту"}, {RU, "ago_minutes", 3, "3 минуты"}, {RU, "ago_minutes", 5, "5 минут"},
		{RU, "ago_minutes", 21, "21 минуту"}, {RU, "ago_hours", 22, "22 часа"}, {RU, "ago_days", 11, "11 дней"},
		{PL, "ago_minutes", 1, "1 minutę"}, {PL, "ago_minutes", 22, "22 minuty"}, {PL, "ago_minutes", 25, "25 minut"},
		{PL, "ago_hours", 1, "1 godzinę"}, {PL, "ago_hours", 12, "12 godzin"}, {PL, "ago_days", 2, "2 dni"}, {PL, "ago_days", 1, "1 dzień"},
		{DA, "ago_hours", 1, "1 time"}, {DA, "ago_hours", 3, "3 timer"}, {DA, "ago_days", 2, "2 dage"},
	}
	for _, c := range cases {
		if got := Text(c.l, c.key, map[string]any{"Count": c.count}); got != c.want {
			t.Errorf("%s %s(%d) = %q, want %q", c.l, c.key, c.count, got, c.want)
		}
	}
	if got := Text(PL, "games_last_move", map[string]any{"Ago": Text(PL, "ago_minutes", map[string]any{"Count": 5})}); got != "ostatni ruch 5 minut temu" {
		t.Errorf("pl games_last_move = %q", got)
	}
}
