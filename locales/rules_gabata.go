package locales

func init() {
	// engine/gabata.go; docs/sources/more-games-rules.md §7.
	registerRules("gabata", &ruleSet{
		bot:  "rules_gabata_bot",
		args: func(map[string]string) map[string]any { return map[string]any{"N": 9} },
		sections: func(o map[string]string) [][2]string {
			return [][2]string{
				{"rules_h_setup", "rules_gabata_setup"},
				{"rules_h_sowing", "rules_gabata_sowing"},
				{"rules_h_capture", "rules_gabata_capture_" + o["column"]},
				{"rules_h_gabata_serial", "rules_gabata_serial_" + o["serial"]},
				{"rules_h_never_ending", "rules_gabata_never"},
				{"rules_h_end", "rules_gabata_end"},
			}
		},
	})
}
