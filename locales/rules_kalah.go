package locales

func init() {
	registerRules("kalah", &ruleSet{
		args: func(o map[string]string) map[string]any {
			return map[string]any{"Pits": atoi(o["pits"]), "Seeds": atoi(o["seeds"]), "N": atoi(o["pits"])}
		},
		sections: func(o map[string]string) [][2]string {
			s := [][2]string{
				{"rules_h_setup", "rules_kalah_setup"},
				{"rules_h_sowing", "rules_kalah_sowing"},
			}
			if o["cross"] == "true" {
				s = append(s, [2]string{"rules_h_cross_sowing", "rules_kalah_cross"})
			}
			s = append(s,
				[2]string{"rules_h_extra", "rules_kalah_extra"},
				[2]string{"rules_h_capture", pick(o["empty_capture"] == "true", "rules_kalah_capture_empty", "rules_kalah_capture")})
			if o["pie"] == "true" {
				s = append(s, [2]string{"rules_h_swap", "rules_kalah_swap"})
			}
			return append(s, [2]string{"rules_h_end", "rules_kalah_end"})
		},
	})
	registerRules("congkak", &ruleSet{
		args: func(map[string]string) map[string]any { return map[string]any{"N": 7} },
		sections: func(o map[string]string) [][2]string {
			s := [][2]string{{"rules_h_setup", "rules_congkak_setup"}}
			if o["relay"] == "true" {
				s = append(s, [2]string{"rules_h_sowing", "rules_congkak_sowing"},
					[2]string{"rules_h_relay", "rules_congkak_relay"})
			} else {
				s = append(s, [2]string{"rules_h_sowing", "rules_congkak_sowing_norelay"})
			}
			s = append(s,
				[2]string{"rules_h_extra", "rules_congkak_extra"},
				[2]string{"rules_h_capture", "rules_congkak_capture"})
			if o["pie"] == "true" {
				s = append(s, [2]string{"rules_h_swap", "rules_kalah_swap"})
			}
			return append(s, [2]string{"rules_h_end", "rules_congkak_end"})
		},
	})
}
