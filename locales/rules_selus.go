package locales

func init() {
	// engine/selus.go; docs/sources/more-games-rules.md §8.
	registerRules("selus", &ruleSet{
		bot:  "rules_gabata_bot",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 9} },
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_selus_setup"},
				{"rules_h_sowing", "rules_selus_sowing"},
				{"rules_h_selus_wegue", "rules_selus_wegue"},
				{"rules_h_capture", pick(o["weak_traps"] == "true", "rules_selus_capture_weak", "rules_selus_capture_strong")},
				{"rules_h_extra", "rules_selus_extra"},
				{"rules_h_end", "rules_selus_end"},
			}
		},
	})
}
