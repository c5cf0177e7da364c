<?php
/**
 * Plugin Name: FC fixture (Polylang stand-in, wuxt routes)
 * Description: Stands in for the two third-party plugins a test WordPress cannot install from here: Polylang's API when Polylang is not installed, and stock wuxt's front-page, menu and slug routes when wuxt is not installed. FC's content model itself comes from the production plugin wordpress/fc-catalogue. For tests and local development only.
 * Version: 1.0.0
 * Requires PHP: 8.2
 *
 * @package FC_Fixture
 */

defined( 'ABSPATH' ) || exit;

require __DIR__ . '/fc-fixture/wuxt.php';

// Polylang's API functions exist once Polylang itself has loaded; the stand-in only fills in when
// it is not there (mu-plugins load before plugins, so decide on plugins_loaded). With
// FC_FIXTURE_POLYLANG false there is no language plugin at all: one language, as an operator
// without Polylang has it.
add_action(
	'plugins_loaded',
	static function () {
		if ( defined( 'FC_FIXTURE_POLYLANG' ) && ! FC_FIXTURE_POLYLANG ) {
			return;
		}
		if ( ! defined( 'POLYLANG_VERSION' ) && ! function_exists( 'pll_get_post_language' ) ) {
			require __DIR__ . '/fc-fixture/polylang-shim.php';
		}
	},
	0
);
