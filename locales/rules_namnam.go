package locales

func init() {
	// engine/namnam.go; docs/sources/more-games-rules.md section 2.
	registerRules("namnam", &ruleSet{
		bot:  "rules_namnam_bot",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 6} },
		sections: func(map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_namnam_setup"},
				{"rules_h_sowing", "rules_namnam_sowing"},
				{"rules_h_capture", "rules_namnam_capture"},
				{"rules_h_namnam_last_four", "rules_namnam_last_four"},
				{"rules_h_namnam_rounds", "rules_namnam_rounds"},
				{"rules_h_end", "rules_namnam_end"},
			}
		},
	})
}
