package locales

func init() {
	// engine/ohojitxi.go; docs/sources/more-games-rules.md §5.
	registerRules("ohojitxi", &ruleSet{
		bot:  "rules_bot_ohojitxi",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 6} },
		sections: func(map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_ohojitxi_setup"},
				{"rules_h_sowing", "rules_ohojitxi_sowing"},
				{"rules_h_capture", "rules_ohojitxi_capture"},
				{"rules_h_ohojitxi_drop", "rules_ohojitxi_drop"},
				{"rules_h_end", "rules_ohojitxi_end"},
			}
		},
	})
}
