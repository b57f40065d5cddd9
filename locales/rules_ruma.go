package locales

func init() {
	// engine/ruma.go; docs/sources/more-games-rules.md §4.
	registerRules("ruma", &ruleSet{
		bot: "rules_ruma_bot",
		args: func(o map[string]string) map[string]any {
			s := atoi(o["seeds"])
			return map[string]any{"Seeds": s, "Total": 24 * s, "Max": atoi(o["penalty_limit"]), "N": 6}
		},
		sections: func(o map[string]string) [][2]string {
			n := pick(o["players"] == "2", "2", "4")
			return [][2]string{
				{"rules_h_setup", "rules_ruma_setup_" + n},
				{"rules_h_sowing", "rules_ruma_sowing"},
				{"rules_h_last_seed", "rules_ruma_last_seed"},
				{"rules_h_ruma_penalty", "rules_ruma_penalty_" + n},
				{"rules_h_end", "rules_ruma_end_" + n},
			}
		},
	})
}
