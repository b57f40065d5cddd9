package locales

func init() {
	// engine/afrika.go; docs/sources/more-games-rules.md §6.
	registerRules("afrika", &ruleSet{
		bot:  "rules_bot_afrika",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 8} },
		sections: func(o map[string]string) [][2]string {
			end := pick(o["early_end"] == "true", "rules_afrika_end_early", "rules_afrika_end")
			if o["misere"] == "true" {
				end = "rules_afrika_end_misere"
			}
			return [][2]string{
				{"rules_h_setup", "rules_afrika_setup"},
				{"rules_h_capture", "rules_afrika_capture"},
				{"rules_h_sowing", "rules_afrika_sowing"},
				{"rules_h_end", end},
			}
		},
	})
}
