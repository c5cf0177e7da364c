<?php
/**
 * Plugin Name: FC Catalogue
 * Description: FC's catalogue in WordPress: the post types (products, collections, exclusives, designers, projects, imagemaps), the product categories and colours, every custom field with its REST schema and an editing screen in the block editor, the header and footer menu locations, the front page's fields, validation, roles, and the fields Polylang copies to a new translation.
 * Version: 1.0.0
 * Requires at least: 6.1
 * Requires PHP: 8.2
 * Text Domain: fc-catalogue
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

define( 'FC_CATALOGUE_VERSION', '1.0.0' );
define( 'FC_CATALOGUE_FILE', __FILE__ );

require __DIR__ . '/includes/class-fc-catalogue-fields.php';
require __DIR__ . '/includes/class-fc-catalogue-model.php';
require __DIR__ . '/includes/class-fc-catalogue-validation.php';
require __DIR__ . '/includes/class-fc-catalogue-roles.php';
require __DIR__ . '/includes/class-fc-catalogue-translations.php';
require __DIR__ . '/includes/class-fc-catalogue-editor.php';
require __DIR__ . '/includes/class-fc-catalogue-term-fields.php';
require __DIR__ . '/includes/class-fc-catalogue-media.php';

FC_Catalogue_Model::init();
FC_Catalogue_Validation::init();
FC_Catalogue_Roles::init();
FC_Catalogue_Translations::init();
FC_Catalogue_Editor::init();
FC_Catalogue_Term_Fields::init();
FC_Catalogue_Media::init();

register_activation_hook( __FILE__, array( 'FC_Catalogue_Model', 'activate' ) );
register_deactivation_hook( __FILE__, 'flush_rewrite_rules' );
