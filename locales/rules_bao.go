package locales

func init() {
	// engine/bao.go; docs/sources/bao-rules.md K1-K9.
	registerRules("bao-kenya", &ruleSet{
		args: func(o map[string]string) map[string]any {
			s := atoi(o["seeds"])
			return map[string]any{"Seeds": s, "Total": 16 * s, "Win": 8*s + 1, "Half": 8 * s, "N": 8}
		},
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_bao-kenya_setup"},
				{"rules_h_sowing", "rules_bao-kenya_sowing"},
				{"rules_h_extra", "rules_bao-kenya_extra"},
				{"rules_h_capture", pick(o["capture_sower"] == "true", "rules_bao-kenya_capture_sower", "rules_bao-kenya_capture")},
				{"rules_h_end", "rules_bao-kenya_end"},
			}
		},
	})
	// engine/bao.go; docs/sources/bao-rules.md L1-L9, R1, R2.
	registerRules("bao-laps", &ruleSet{
		args: func(o map[string]string) map[string]any {
			s := atoi(o["seeds"])
			return map[string]any{"Seeds": s, "Total": 16 * s, "N": 8}
		},
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_bao-laps_setup"},
				{"rules_h_sowing", pick(o["skip_origin"] == "true", "rules_bao-laps_sowing_skip", "rules_bao-laps_sowing")},
				{"rules_h_laps", "rules_bao-laps_laps"},
				{"rules_h_capture", pick(o["capture_sower"] == "true", "rules_bao-laps_capture_sower", "rules_bao-laps_capture")},
				{"rules_h_never_ending", "rules_bao-laps_never_" + o["infinite"]},
				{"rules_h_end", "rules_bao-laps_end"},
			}
		},
	})
}
