<?php
/**
 * Plugin Name:       FC Catalogue
 * Description:       FC's catalogue in WordPress: the post types (products, collections, exclusives, designers, projects, imagemaps), the product categories and colours, every custom field with its REST schema and an editing screen in the block editor, the header and footer menu locations, the front page's fields, the company pages, validation, roles, and the fields Polylang copies to a new translation.
 * Version:           1.1.0
 * Requires at least: 6.1
 * Requires PHP:      8.2
 * Author:            FC
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       fc-catalogue
 * Domain Path:       /languages
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

define( 'FC_CATALOGUE_VERSION', '1.1.0' );
define( 'FC_CATALOGUE_FILE', __FILE__ );

require __DIR__ . '/includes/class-fc-catalogue-fields.php';
require __DIR__ . '/includes/class-fc-catalogue-labels.php';
require __DIR__ . '/includes/class-fc-catalogue-model.php';
require __DIR__ . '/includes/class-fc-catalogue-relations.php';
require __DIR__ . '/includes/class-fc-catalogue-validation.php';
require __DIR__ . '/includes/class-fc-catalogue-roles.php';
require __DIR__ . '/includes/class-fc-catalogue-translations.php';
require __DIR__ . '/includes/class-fc-catalogue-editor.php';
require __DIR__ . '/includes/class-fc-catalogue-term-fields.php';
require __DIR__ . '/includes/class-fc-catalogue-media.php';
require __DIR__ . '/includes/class-fc-catalogue-company-pages.php';
require __DIR__ . '/includes/class-fc-catalogue-menus.php';

// The plugin's own translations (languages/), before the post types are registered with their labels.
add_action(
	'init',
	static function () {
		load_plugin_textdomain( 'fc-catalogue', false, dirname( plugin_basename( FC_CATALOGUE_FILE ) ) . '/languages' );
	},
	0
);

FC_Catalogue_Model::init();
FC_Catalogue_Validation::init();
FC_Catalogue_Roles::init();
FC_Catalogue_Translations::init();
FC_Catalogue_Editor::init();
FC_Catalogue_Term_Fields::init();
FC_Catalogue_Media::init();
FC_Catalogue_Company_Pages::init();
FC_Catalogue_Menus::init();

register_activation_hook( __FILE__, array( 'FC_Catalogue_Model', 'activate' ) );
register_deactivation_hook( __FILE__, 'flush_rewrite_rules' );
