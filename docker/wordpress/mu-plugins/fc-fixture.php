<?php
/**
 * Plugin Name: FC fixture (content model, Polylang stand-in, wuxt routes)
 * Description: Makes a plain WordPress serve FC's content model (docs/content-model.md) exactly as the demo catalogue does: the post types, taxonomies and registered meta, a Polylang stand-in when Polylang is not installed, and stock wuxt's front-page, menu and slug routes when wuxt is not installed. For tests and local development only.
 * Version: 1.0.0
 * Requires PHP: 8.2
 *
 * @package FC_Fixture
 */

defined( 'ABSPATH' ) || exit;

require __DIR__ . '/fc-fixture/content-model.php';
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
